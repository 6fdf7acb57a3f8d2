/*
 * fullName travels as "First/Last" (docs/product.md section 3). Plain functions without zod, so a
 * screen that only shows a name (the customer's Home) does not load the schema library with it;
 * schemas/accounts.schema.ts re-exports them beside the schemas that validate the field.
 */

export function joinFullName(firstName: string, lastName: string): string {
  return `${firstName.trim()}/${lastName.trim()}`;
}

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const at = fullName.indexOf('/');
  return at === -1
    ? { firstName: fullName.trim(), lastName: '' }
    : { firstName: fullName.slice(0, at).trim(), lastName: fullName.slice(at + 1).trim() };
}

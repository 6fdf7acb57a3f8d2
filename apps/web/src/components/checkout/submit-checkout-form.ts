import { CHECKOUT_FIELD_ORDER, type CheckoutForm } from '@traffic/shared/schemas/payments.schema';

/**
 * Sends the browser to the card gateway the way PayHere expects (docs/integrations.md section 1): a
 * real form POST of the fields the server signed, in the gateway's order, leaving out the optional
 * ones the server did not set. The page is left behind, so nothing runs after this.
 */
export function submitCheckoutForm(checkout: CheckoutForm, doc: Document = document): HTMLFormElement {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = checkout.action;
  form.hidden = true;
  form.acceptCharset = 'UTF-8';
  for (const name of CHECKOUT_FIELD_ORDER) {
    const value = checkout[name];
    if (value === undefined) continue;
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  return form;
}

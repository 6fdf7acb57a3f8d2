import { useParams } from 'react-router';

/** The `:id` of a website route as a positive whole number, or null when it names none. */
export function useRouteWebsiteId(): number | null {
  const raw = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

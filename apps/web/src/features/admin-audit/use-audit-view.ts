import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditAction } from '@traffic/shared/audit-actions';
import type { AuditQuery } from './api.ts';

export const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_SIZE = PAGE_SIZES[0];
/** How long typing in the Actor and Target boxes pauses before the address (and the query) follows. */
export const TYPING_DELAY_MS = 300;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 1_000_000;

export interface AuditFilters {
  actor: string;
  action: AuditAction | '';
  target: string;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}
type FilterKey = keyof AuditFilters;
type TextKey = 'actor' | 'target';
type Text = Record<TextKey, string>;
/** What the address holds: the filters, then the page and its size (left out while they are the defaults). */
type ParamKey = FilterKey | 'page' | 'size';

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isSize = (value: number): value is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(value);

/** The screen's question as the address states it; anything malformed there is read as not given. */
function readView(params: URLSearchParams) {
  const text = (key: TextKey) => (params.get(key) ?? '').trim().slice(0, 254);
  const date = (key: 'from' | 'to') => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  const action = params.get('action') ?? '';
  const page = Number(params.get('page') ?? '0');
  const size = Number(params.get('size') ?? DEFAULT_SIZE);
  const filters: AuditFilters = {
    actor: text('actor'),
    action: isAction(action) ? action : '',
    target: text('target'),
    from: date('from'),
    to: date('to'),
  };
  return {
    filters,
    page: Number.isInteger(page) && page > 0 && page <= MAX_PAGE ? page : 0,
    size: isSize(size) ? size : DEFAULT_SIZE,
  };
}

const sameText = (typed: Text, url: Text) => typed.actor.trim() === url.actor && typed.target.trim() === url.target;

/**
 * The Audit log's filters, page and page size, kept in the address so a link shows the same rows.
 * Actor and Target are written there once typing pauses; every other change at once. A change of
 * the question starts again from the first page.
 */
export function useAuditView() {
  const [params, setParams] = useSearchParams();
  const { filters, page, size } = readView(params);

  // Writes can come from a timer: they start from the address as it is then, not as it was. The
  // address a write asked for counts at once (two quick writes, such as From then To, both stay):
  // `params` changes only when the address does, so a render for another reason, while the router
  // has not yet taken a write, does not bring back the address from before it.
  const latest = useRef({ params, setParams });
  useEffect(() => {
    latest.current = { params, setParams };
  }, [params, setParams]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const urlText: Text = { actor: filters.actor, target: filters.target };
  const [text, setText] = useState({ typed: urlText, seen: urlText, pending: false });
  let typed = text.typed;
  if (text.seen.actor !== urlText.actor || text.seen.target !== urlText.target) {
    // The address changed: by this screen's own write (the boxes say it already), or by a link or
    // Back, which the boxes then show, unless newer typing is waiting to be written.
    if (!text.pending && !sameText(typed, urlText)) typed = urlText;
    setText({ typed, seen: urlText, pending: text.pending });
  }

  function write(changes: Partial<Record<ParamKey, string>>, keepPage = false) {
    const { params: current, setParams: set } = latest.current;
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!keepPage) next.delete('page');
    if (next.toString() === current.toString()) return;
    set(next, { replace: true, preventScrollReset: true });
    latest.current = { params: next, setParams: set };
  }

  /** The boxes' text, written now (a select or a date carries the typing with it). */
  function flushText(): Text {
    clearTimeout(timer.current);
    if (text.pending) setText((current) => ({ ...current, pending: false }));
    return { actor: typed.actor.trim(), target: typed.target.trim() };
  }

  function type(key: TextKey, value: string) {
    const next = { ...typed, [key]: value };
    setText((current) => ({ ...current, typed: next, pending: true }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setText((current) => ({ ...current, pending: false }));
      write({ actor: next.actor.trim(), target: next.target.trim() });
    }, TYPING_DELAY_MS);
  }

  const query: AuditQuery = {
    page,
    size,
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.target ? { target: filters.target } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const filtered = Object.values(filters).some(Boolean) || typed.actor.trim() !== '' || typed.target.trim() !== '';

  return {
    filters,
    typed,
    setActor: (value: string) => type('actor', value),
    setTarget: (value: string) => type('target', value),
    setFilter: (key: 'action' | 'from' | 'to', value: string) => write({ ...flushText(), [key]: value }),
    filtered,
    clearFilters: () => {
      clearTimeout(timer.current);
      setText((current) => ({ ...current, typed: { actor: '', target: '' }, pending: false }));
      write({ actor: '', action: '', target: '', from: '', to: '' });
    },
    page,
    setPage: (next: number) => write({ page: next > 0 ? String(next) : '' }, true),
    size,
    setSize: (next: number) => write({ size: next === DEFAULT_SIZE ? '' : String(next) }),
    query,
  };
}

export type AuditView = ReturnType<typeof useAuditView>;

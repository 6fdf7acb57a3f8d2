import { useState } from 'react';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../shell/toast.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

interface ConfirmedDeleteOptions<T> {
  /** The deletion; rejects on failure. */
  remove: (target: T) => Promise<unknown>;
  describe: (target: T) => string;
  failed: string;
  /** The toast after a deletion: the product's text where it has one, else words naming what went. */
  succeeded: string | ((target: T) => string);
}

/**
 * Delete behind the product's confirmation: No (or Escape) shows 'Package delete cancelled by user';
 * Yes runs the deletion with the dialog open and busy, then reports how it went.
 */
export function useConfirmedDelete<T>({ remove, describe, failed, succeeded }: ConfirmedDeleteOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  function no() {
    setTarget(null);
    notify.info(MSG.deleteCancelled);
  }

  async function yes() {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      notify.success(typeof succeeded === 'string' ? succeeded : succeeded(target));
    } catch {
      notify.error(failed);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  const dialog = (
    <ConfirmDialog open={target !== null} subject={target === null ? undefined : describe(target)} busy={busy} onYes={yes} onNo={no} />
  );
  return { ask: (next: T) => setTarget(next), dialog };
}

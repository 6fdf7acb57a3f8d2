/**
 * How a website's 9Hits campaign stands with the panel's own moderation (its `systemState`), in
 * the words the customer and the admin see. A campaign 9Hits has not approved receives no traffic,
 * so the screens say so; an approved one, or one not read yet, needs no words.
 */
export interface NinehitsApprovalNotice {
  tone: 'waiting' | 'rejected' | 'other';
  /** Short, for a chip or a table row. */
  label: string;
  /** One sentence for the customer: what it means for their traffic. */
  detail: string;
}

// The documentation shows only 'approved'; these are the other words a moderation state takes.
const WAITING = new Set(['pending', 'waiting', 'review', 'reviewing', 'in review', 'new', 'checking', 'unverified']);
const REJECTED = new Set(['rejected', 'denied', 'declined', 'disapproved', 'banned', 'blocked', 'suspended']);

export function ninehitsApprovalNotice(state: string | null | undefined): NinehitsApprovalNotice | null {
  if (!state) return null;
  const word = state.trim().toLowerCase();
  if (word === 'approved') return null;
  if (WAITING.has(word)) {
    return {
      tone: 'waiting',
      label: 'Waiting for 9Hits approval',
      detail: '9Hits reviews every new campaign; this website receives traffic once 9Hits approves it.',
    };
  }
  if (REJECTED.has(word)) {
    return {
      tone: 'rejected',
      label: 'Rejected by 9Hits',
      detail: '9Hits has rejected this campaign, so this website receives no traffic. Please contact support.',
    };
  }
  return {
    tone: 'other',
    label: `Not approved by 9Hits (${state.trim()})`,
    detail: `9Hits reports this campaign as "${state.trim()}", not approved, so this website receives no traffic for now.`,
  };
}

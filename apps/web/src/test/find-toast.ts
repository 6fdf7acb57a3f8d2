import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** The toast showing `text` (the page itself may repeat the same words elsewhere). */
export async function findToast(text: string): Promise<HTMLElement> {
  let toast: HTMLElement | null = null;
  await waitFor(() => {
    toast =
      screen
        .queryAllByText(text)
        .map((node) => node.closest<HTMLElement>('.Toastify__toast'))
        .find((node) => node !== null) ?? null;
    expect(toast).not.toBeNull();
  });
  return toast!;
}

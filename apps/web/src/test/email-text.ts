import type { MatcherFunction } from '@testing-library/react';

/**
 * Finds an e-mail shown by EmailText, which splits it in two (so it wraps only before the '@'): the
 * element whose whole text is the address and none of whose children holds it all.
 */
export const emailText =
  (email: string): MatcherFunction =>
  (_content, element) =>
    element?.textContent === email && !Array.from(element.children).some((child) => child.textContent === email);

/**
 * The visible keyboard-focus ring (WCAG 2.4.7) for elements the theme does not style itself (a
 * heading that takes focus, a scrolling region, a <summary>): the theme's ring, as an `sx` value.
 */
export const focusRing = { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2, borderRadius: 0.5 } as const;

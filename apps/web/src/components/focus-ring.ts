/**
 * The visible keyboard-focus ring (WCAG 2.4.7) for elements the theme does not style itself (a
 * heading that takes focus, a scrolling region, a <summary>): the theme's ring, as an `sx` value.
 */
export const focusRing = { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: 2, borderRadius: 0.5 } as const;

/**
 * For an element that takes focus: the browser scrolls it into view below the sticky app bar (57 px
 * on phones, 65 px from the sm breakpoint up) rather than under it. As an `sx` value.
 */
export const clearOfAppBar = { scrollMarginTop: 80 } as const;

/** An element the app moves focus to (tabIndex -1: a heading, a status line): the ring, clear of the app bar. */
export const focusTarget = { '&:focus': focusRing, ...clearOfAppBar } as const;

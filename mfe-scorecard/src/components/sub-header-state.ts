/** Spec §9: the sub-header takes its default (compact) style once the page scrolls past this. */
export const SUB_HEADER_ON_ABOVE = 150;
/** Spec §9: and goes back to its initial style only when the scroll falls below this. */
export const SUB_HEADER_OFF_BELOW = 50;

export type SubHeaderState = 'initial' | 'default';

/**
 * The sub-header's next style for a scroll position. Between the two thresholds it keeps the
 * style it has: the compact style is shorter, so switching at one threshold would make the page
 * jump back and forth across it.
 */
export function nextSubHeaderState(current: SubHeaderState, scrollY: number): SubHeaderState {
  if (scrollY > SUB_HEADER_ON_ABOVE) return 'default';
  if (scrollY < SUB_HEADER_OFF_BELOW) return 'initial';
  return current;
}

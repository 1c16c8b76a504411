import { within } from '@testing-library/react';

/** The text of the headings of one level inside a part of the page, in reading order. */
export function headingTexts(container: HTMLElement, level: number): (string | null)[] {
  return within(container)
    .getAllByRole('heading', { level })
    .map((heading) => heading.textContent);
}

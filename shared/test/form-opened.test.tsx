import { act, render } from '@testing-library/react';
import { OUTCOME_EVENT, type OutcomeDetail } from '@wpc/shared/events';
import { FormDialog } from '../src/forms/FormDialog';

// Issue 40: "each form kind opened" is reported once each time a pop-up opens its form, with the
// form's id, and never while it stays closed (the shell sends it as a beacon).
const reported: OutcomeDetail[] = [];
beforeAll(() => {
  window.addEventListener(OUTCOME_EVENT, (event) => reported.push((event as CustomEvent<OutcomeDetail>).detail));
});

it('reports each opening of a pop-up form once, with its form id, and none while it is closed', async () => {
  const { rerender } = render(<FormDialog form="sponsor" open={false} onClose={() => undefined} />);
  expect(reported).toEqual([]);
  const opened = { outcome: 'form-opened', form: 'sponsor' };
  await act(async () => rerender(<FormDialog form="sponsor" open onClose={() => undefined} />));
  expect(reported).toEqual([opened]);
  await act(async () => rerender(<FormDialog form="sponsor" open={false} onClose={() => undefined} />));
  await act(async () => rerender(<FormDialog form="sponsor" open onClose={() => undefined} />));
  expect(reported).toEqual([opened, opened]);
});

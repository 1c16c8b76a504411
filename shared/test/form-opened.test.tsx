import { act, render } from '@testing-library/react';
import { FormDialog } from '../src/forms/FormDialog';

// Issue 40: "each form kind opened" is one beacon each time a pop-up opens its form, with the
// form's id and the page, and nothing while it stays closed.
const beacons: unknown[] = [];
beforeAll(() => {
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: string) => beacons.push({ url, ...JSON.parse(body) }) > 0,
  });
  window.history.replaceState(null, '', '/sponsors');
});

it('counts each opening of a pop-up form once, with its form id, and none while it is closed', async () => {
  const { rerender } = render(<FormDialog form="sponsor" open={false} onClose={() => undefined} />);
  expect(beacons).toEqual([]);
  const opened = {
    url: '/api/impact/beacon',
    type: 'outcome',
    outcome: 'form-opened',
    route: '/sponsors',
    form: 'sponsor',
  };
  await act(async () => rerender(<FormDialog form="sponsor" open onClose={() => undefined} />));
  expect(beacons).toEqual([opened]);
  await act(async () => rerender(<FormDialog form="sponsor" open={false} onClose={() => undefined} />));
  await act(async () => rerender(<FormDialog form="sponsor" open onClose={() => undefined} />));
  expect(beacons).toEqual([opened, opened]);
});

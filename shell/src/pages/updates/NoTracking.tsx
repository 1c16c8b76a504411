/** What every updates page says about tracking (issue 27: none of any kind). */
export function NoTracking() {
  return (
    <p>
      Our updates carry no tracking: no pixels that report when you open them, and no rewritten links that report what
      you click. We keep your address, the lists you chose and when you agreed, and nothing else.
    </p>
  );
}

/** @jest-environment node */
import { localhostAddress } from '../build/dev-address.cjs';

describe('npm run dev answers on either local address', () => {
  test('127.0.0.1 and [::1] are sent to the same path on localhost, port and query kept', () => {
    expect(localhostAddress('127.0.0.1:3000', '/scorecard/faq?x=1')).toBe('http://localhost:3000/scorecard/faq?x=1');
    expect(localhostAddress('[::1]:3000', '/')).toBe('http://localhost:3000/');
    expect(localhostAddress('127.0.0.1', '/map')).toBe('http://localhost/map');
  });

  test('localhost and other hosts are served as they are', () => {
    expect(localhostAddress('localhost:3000', '/')).toBeNull();
    expect(localhostAddress('wpc.example.org', '/')).toBeNull();
    expect(localhostAddress('127.0.0.1.evil.example:3000', '/')).toBeNull();
    expect(localhostAddress(undefined, '/')).toBeNull();
  });
});

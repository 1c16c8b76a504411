import { parseLatLong } from '../src/map/lat-long';

describe('parseLatLong', () => {
  it.each([
    ['37.7749,-122.4194', { lat: 37.7749, long: -122.4194 }],
    [' -33.9249 , 18.4241 ', { lat: -33.9249, long: 18.4241 }],
    ['0,0', { lat: 0, long: 0 }],
    ['90,180', { lat: 90, long: 180 }],
    ['-90,-180', { lat: -90, long: -180 }],
    ['+12.5,.5', { lat: 12.5, long: 0.5 }],
  ])('reads %j', (text, expected) => {
    expect(parseLatLong(text)).toEqual(expected);
  });

  it.each([
    ['a semicolon separator', '39.0968;-120.0324'],
    ['a place name', 'Kailua-Kona, HI'],
    ['latitude off the globe', '-147.7164,64.8378'],
    ['longitude off the globe', '10,180.5'],
    ['an empty string', ''],
    ['one number', '37.77'],
    ['a missing longitude', '37.77,'],
    ['three numbers', '1,2,3'],
    ['words that Number() would accept', 'Infinity,0'],
    ['an exponent', '1e1,2'],
    ['hexadecimal', '0x10,2'],
    ['NaN', 'NaN,NaN'],
  ])('rejects %s', (_case, text) => {
    expect(parseLatLong(text)).toBeNull();
  });
});

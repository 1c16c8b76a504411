/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import AssessPage from '../../src/pages/AssessPage';

describe('/scorecard/assess on the server', () => {
  it('renders the first essential, empty, without window, storage or clock', () => {
    expect(typeof window).toBe('undefined');
    // React separates adjacent text with <!-- -->; a browser shows it as one string.
    const html = renderToString(<AssessPage />).replaceAll('<!-- -->', '');
    expect(html).toContain('Essential 1: Organise for disaster resilience');
    expect(html).toContain('Essential 1 of 10');
    expect(html).toContain('0 of 40 questions answered');
    // Four questions, six scores each, none chosen.
    expect(html.match(/type="radio"/g)).toHaveLength(24);
    expect(html).not.toMatch(/checked=""/);
  });
});

// Plain CommonJS so webpack configs, Node servers and TypeScript all read the same defaults.
const num = (name, fallback) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    throw new Error(`${name} must be a port number, got "${raw}"`);
  }
  return value;
};

const ports = {
  edge: num('EDGE_PORT', 3000),
  home: num('MFE_HOME_PORT', 3001),
  scorecard: num('MFE_SCORECARD_PORT', 3002),
  showcase: num('MFE_SHOWCASE_PORT', 3003),
  map: num('MFE_MAP_PORT', 3004),
  api: num('API_PORT', 5555),
};

module.exports = { ports, REMOTE_NAMES: ['home', 'scorecard', 'showcase', 'map'] };

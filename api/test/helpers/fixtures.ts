import { crc32 } from 'node:zlib';
import { ENDPOINT_KINDS, HONEYPOT_FIELD, type EndpointKind } from '@wpc/shared/schemas';

export const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

/** One valid body per endpoint, with every optional field the spec lists for it. */
export const validBodies: Readonly<Record<EndpointKind, Record<string, string | boolean>>> = {
  download: {
    ...person,
    organization: 'Analytical Engines',
    role: 'Engineer',
    zipCode: '94110',
    message: 'Hello',
    subscribe: true,
    pilot: false,
    scorecardForm: true,
  },
  notifyme: { ...person, zipCode: '94110' },
  sponsor: {
    ...person,
    organization: 'Org',
    role: 'CEO',
    zipCode: '1',
    message: 'Hi',
    meeting: true,
    information: false,
    customSponsor: true,
    receiveUpdate: false,
    attendMeetings: true,
  },
  collab: {
    ...person,
    organization: 'Org',
    role: 'Planner',
    zipCode: '94110',
    message: 'Pilot?',
    pilotScorecard: true,
    generalCollaboration: false,
    toShare: true,
    subscribe: false,
    other: true,
    scorecardForm: true,
  },
  subscribe: { ...person, zipCode: '94110' },
  feedback: {
    ...person,
    pageName: 'feedback',
    organization: 'Org',
    role: 'Chief',
    zipCode: '94110',
    subscribe: true,
    message: 'Nice',
    links: 'https://example.org/big.pdf',
  },
  contact: {
    ...person,
    organization: 'Org',
    role: 'Chief',
    zipCode: '94110',
    message: 'Question',
    subscribe: true,
    sign_up: false,
    sponsor: true,
    partner: false,
    innovation_showcase: true,
    demo_my_product: false,
    Collaborate: true,
    'Co-apply': false,
    wildfire_resilience_scorecard: true,
  },
  support: {
    ...person,
    organization: 'Org',
    role: 'Chief',
    zipCode: '12',
    'share-learnings': true,
    volunteerTime: false,
    subjectMatterExpertise: true,
    dataOrCompute: false,
    sponsorOrInKind: true,
    funding: false,
    otherSupport: true,
    message: 'Other help',
    subscribe: true,
    pilot: false,
    scorecardForm: true,
  },
};

/** The scorecard-page shapes of subscribe and contact (zip, their own flags). */
export const subscribePageBody = {
  ...person,
  organization: 'Town',
  role: 'Clerk',
  zip: '94110',
  message: 'News please',
  subscribe: true,
  pilotInterest: true,
  scorecardForm: true,
};
export const contactScorecardBody = {
  ...person,
  organization: 'Town',
  role: 'Clerk',
  zip: '9',
  message: 'Help',
  updates: true,
  meetings: false,
  sponsor: false,
  partner: true,
  showcase: false,
  demo: true,
  collaborate: false,
  funding: true,
  pilot: false,
  scorecardForm: true,
};

export { ENDPOINT_KINDS, HONEYPOT_FIELD };

/** A stored (uncompressed) zip archive, enough for file-type to read Office documents. */
export function zip(entries: Readonly<Record<string, string>>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function officeXml(main: string, part: string): Buffer {
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${main}.main+xml"/></Types>`,
    [part]: '<?xml version="1.0"?><root/>',
  });
}

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Small genuine files of every accepted type, by extension. */
export const samples = {
  png: Buffer.from(PNG_1X1, 'base64'),
  jpg: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  svg: Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
  ),
  cfb: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016)]),
  docx: officeXml('wordprocessingml.document', 'word/document.xml'),
  xlsx: officeXml('spreadsheetml.sheet', 'xl/workbook.xml'),
  pptx: officeXml('presentationml.presentation', 'ppt/presentation.xml'),
  html: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  exe: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256)]),
};

/** A genuine sample for each accepted extension. */
export const goodUploads: readonly { name: string; bytes: Buffer }[] = [
  { name: 'photo.jpg', bytes: samples.jpg },
  { name: 'photo.JPEG', bytes: samples.jpg },
  { name: 'chart.png', bytes: samples.png },
  { name: 'logo.svg', bytes: samples.svg },
  { name: 'scorecard.pdf', bytes: samples.pdf },
  { name: 'notes.doc', bytes: samples.cfb },
  { name: 'notes.docx', bytes: samples.docx },
  { name: 'sheet.xls', bytes: samples.cfb },
  { name: 'sheet.xlsx', bytes: samples.xlsx },
  { name: 'slides.ppt', bytes: samples.cfb },
  { name: 'slides.pptx', bytes: samples.pptx },
];

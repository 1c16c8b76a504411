#!/usr/bin/env python3
"""Writes the site's downloadable documents with the standard library only:
the Data Protection Policy PDF (served by the shell) and the scorecard zip (served by the
scorecard deployment). Run from the repository root: python3 shared/scripts/make-documents.py
"""
import io
import json
import textwrap
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[2]
POLICY_PDF = ROOT / 'shell/public/assets/docs/data-protection-policy.pdf'
SCORECARD_ZIP = ROOT / 'mfe-scorecard/public/assets/content/community-wildfire-resilience-scorecard-02-20-24.zip'
VERSION = '02-20-24'
# A fixed timestamp keeps the zip byte-for-byte reproducible.
ZIP_TIME = (2024, 2, 20, 12, 0, 0)

# The one list of essentials, shared with the website (@wpc/shared/scorecard).
ESSENTIALS = [
    (essential['title'], essential['keyQuestion'])
    for essential in json.loads((ROOT / 'shared/src/scorecard/ten-essentials.json').read_text(encoding='utf-8'))
]
# The self-assessment's question bank (@wpc/shared/assessment): the workbook asks the same
# 40 questions, with the same descriptors, as the assessment on the website.
BANK = json.loads((ROOT / 'shared/src/scorecard/question-bank.json').read_text(encoding='utf-8'))
assert BANK['scorecardVersion'] == VERSION, 'the question bank belongs to another scorecard version'
assert len(BANK['essentials']) == len(ESSENTIALS), 'the question bank must cover every essential'
QUESTIONS = [
    (number, title, question)
    for number, ((title, _), entry) in enumerate(zip(ESSENTIALS, BANK['essentials']), start=1)
    for question in entry['questions']
]
SCALE = [step['label'] for step in BANK['scale']]

POLICY = [
    ('Data Protection Policy', None),
    ('Wildfire Prevention Consortium', None),
    ('Who we are', 'The Wildfire Prevention Consortium is a non-profit that works with communities, governments, companies and experts to prevent catastrophic wildfires. This policy explains what we do with the information you give us through the forms on our website.'),
    ('What we collect', 'Only what you type into a form: your name, email address, zip or postal code and, if you choose to give them, your organisation, role, message, the options you tick, links and any files you upload with feedback. We also record the date and time of the submission.'),
    ('Why we collect it', 'To answer you, to send you the scorecard you asked for, to keep you informed if you asked for updates, to arrange sponsorship, collaboration, pilots or support you offered, and to improve the scorecard from the feedback you share. We do not sell your information or use it for advertising.'),
    ('Cookies', 'Some forms send the cookies our own website has set, so that we can protect the forms against abuse. We do not use advertising or tracking cookies.'),
    ('What we count on our website, and why', 'To know whether the website and the scorecard reach the communities they are for, and to report that to our sponsors and partners, we count: pages viewed, the site a visitor came from (its domain only), the campaign tags of the link followed, the kind of device (desktop, tablet or mobile), and outcomes such as scorecard downloads, forms opened and sent, self-assessments, subscriptions and clicks to our partner\'s pages. We set no cookie for this and store nothing about a visit: each is added to a counter per day and page, and the visit itself is forgotten. To count unique visitors per day we make a one-way fingerprint of your IP address and browser with a random value that is made each day and discarded when the day ends, so no fingerprint can be linked to another day or to you. If your browser sends Global Privacy Control or Do Not Track, your visit is counted as a page view only, never as a visitor. Automated visitors (bots) are not counted. Where the scorecard is used, we count by US state and county and by Canadian province, from the zip or postal code given in a form, and a region is shown only when it holds 5 or more; smaller counts are folded together. We keep these counters for years, because nothing in them identifies anyone, and no other company receives them.'),
    ('Who can see it', 'Only the consortium team members who need it to answer you, and the service providers who host our website and database under contract. We share information with partners only when you ask us to, for example to join a pilot.'),
    ('Email updates', 'If you tick a box asking for updates, or send a Subscribe or Notify me form, we first email you once to confirm. Nothing else is sent to your address until you press Confirm. We keep a record of your consent: when you gave it, on which form and page, and the wording you saw. Every update carries a link to choose your lists or leave them all, and a one-click unsubscribe that works at once. After you leave, we keep only a one-way fingerprint of your address, so that we never write to it again unless you sign up and confirm anew. Updates contain no tracking: no pixels and no tracked links.'),
    ('How long we keep it', 'We keep submissions for as long as we need them for the purpose you gave them, and at most three years after our last contact with you; files uploaded with feedback are deleted after two years. Your subscription and its consent record are kept while you are subscribed. You can ask us to delete any of it sooner at any time.'),
    ('Your rights', 'You can ask to see, correct or delete the information we hold about you, and you can leave our email updates at any time from the link in every update. To ask for anything else, use the Contact Us page of our website and we will reply within 30 days. When we erase your information, we erase your submissions, files and subscription; only the fingerprint that keeps you off our lists remains.'),
    ('Security', 'Information travels encrypted, is stored on access-controlled systems and uploaded files are checked before anyone opens them.'),
    ('Changes', 'If we change this policy we will publish the new version on our website with its date. Version of 27 November 2026.'),
]

GUIDE = [
    ('Community Wildfire Resilience Scorecard', None),
    (f'Scorecard guide - version {VERSION}', None),
    ('What the scorecard is', 'A self-assessment that helps a community see how ready it is for catastrophic wildfire. It follows the UN 10 Essentials for Making Cities Resilient, adapted to wildfire, so results can be compared with the hundreds of cities that already use the original city scorecard.'),
    ('Who it is for', 'Local governments, fire services, utilities, insurers, community groups and residents who want a shared, honest picture of their wildfire risk and readiness.'),
    ('How to score', f'The workbook asks {len(QUESTIONS)} questions, four for each essential. Give each one a score from 0 to 5: 0 means nothing is in place, 1 it has been discussed, 2 it is planned, 3 it is partly in action, 4 it is fully in action, 5 it is in action, tested and reviewed every year. The Scoring guide sheet of the workbook describes what each score means for each question. Write down the evidence for every score.'),
    ('The 10 Essentials and their questions', None),
] + [
    (f'{number}. {title}', ' '.join([key_question] + [f"({question['id']}) {question['text']}" for question in entry['questions']]))
    for number, ((title, key_question), entry) in enumerate(zip(ESSENTIALS, BANK['essentials']), start=1)
] + [
    ('After scoring', 'The workbook turns the scores of each essential into a percentage of the most it could score, leaving out questions you have not answered. Pick the three lowest essentials and agree on one action for each in the next twelve months; the Scoring guide sheet suggests a next step for every question. Score again a year later to see progress.'),
    ('Score online', 'You can also answer the same questions on the Assess page of our website. It keeps your answers in your browser, draws your results as a chart and lets you download them as a spreadsheet.'),
    ('Share your results', 'Send your completed workbook through the Feedback & Upload form on our website. Your feedback helps us improve the scorecard for every community.'),
]

INSTRUCTIONS = f"""Community Wildfire Resilience Scorecard - Instructions (version {VERSION})

This zip file holds three documents:
  1. Instructions-{VERSION}.txt      - this file
  2. Scorecard-Workbook-{VERSION}.xlsx - the workbook you fill in
  3. Scorecard-Guide-{VERSION}.pdf     - the guide to the 10 Essentials and the scoring scale

Steps
  1. Read the guide (about 15 minutes). The scorecard follows the UN 10 Essentials
     for Making Cities Resilient, adapted to wildfire.
  2. Bring together the people who know your community: emergency management,
     fire service, planning, utilities, community groups and residents.
  3. Open the workbook. For each of the 40 questions (four for each of the 10
     essentials), discuss it, enter a score from 0 to 5 and write down the evidence
     for it. The Scoring guide sheet says what each score means for each question.
  4. Read each essential's percentage in the summary below the questions and choose
     the three lowest essentials to work on first.
  5. Send us your completed workbook with the Feedback & Upload form on our website,
     or ask us about piloting the scorecard with our team.

Need help? Use the Contact Us page of our website.
"""


def pdf_escape(text):
    return text.replace('\\', '\\\\').replace('(', '\\(').replace(')', '\\)')


def make_pdf(sections, title):
    """A small PDF 1.4 in Helvetica, wrapped and paginated by hand."""
    lines = []
    for heading, body in sections:
        lines.append(('F2', 13, heading))
        if body:
            lines.extend(('F1', 11, line) for line in textwrap.wrap(body, 88))
        lines.append(('F1', 11, ''))
    pages, page, y = [], [], 0
    for font, size, text in lines:
        if y < 72 + 16 or not page:
            if page:
                pages.append(page)
            page, y = [], 760
        page.append(f'BT /{font} {size} Tf 72 {y} Td ({pdf_escape(text)}) Tj ET')
        y -= 16 if font == 'F2' else 14
    pages.append(page)

    objects = []  # body of object n is objects[n - 1]
    objects.append('<< /Type /Catalog /Pages 2 0 R >>')
    objects.append(None)  # the page tree, written once the page ids are known
    objects.append('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
    objects.append('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
    objects.append(f'<< /Title ({pdf_escape(title)}) /Producer (make-documents.py) >>')
    page_ids = []
    for content in pages:
        stream = '\n'.join(content).encode('latin-1')
        objects.append(f'<< /Length {len(stream)} >>\nstream\n' + stream.decode('latin-1') + '\nendstream')
        content_id = len(objects)
        objects.append(f'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {content_id} 0 R >>')
        page_ids.append(len(objects))
    kids = ' '.join(f'{page_id} 0 R' for page_id in page_ids)
    objects[1] = f'<< /Type /Pages /Kids [{kids}] /Count {len(page_ids)} >>'

    out = io.BytesIO()
    out.write(b'%PDF-1.4\n%\xe2\xe3\xcf\xd3\n')
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f'{number} 0 obj\n{body}\nendobj\n'.encode('latin-1'))
    xref = out.tell()
    out.write(f'xref\n0 {len(objects) + 1}\n0000000000 65535 f \n'.encode('latin-1'))
    for offset in offsets:
        out.write(f'{offset:010d} 00000 n \n'.encode('latin-1'))
    out.write(f'trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n{xref}\n%%EOF\n'.encode('latin-1'))
    return out.getvalue()


def column(index):
    return 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[index]


def sheet_xml(rows, widths):
    """One worksheet with inline strings; a cell is text, a whole number or {'formula': ...}."""
    cells_xml = []
    for r, row in enumerate(rows, start=1):
        cells = []
        for c, value in enumerate(row):
            ref = f'{column(c)}{r}'
            if isinstance(value, dict):
                cells.append(f'<c r="{ref}"><f>{escape(value["formula"])}</f></c>')
            elif isinstance(value, int):
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
            elif value == '':
                continue
            else:
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(value)}</t></is></c>')
        cells_xml.append(f'<row r="{r}">{"".join(cells)}</row>')
    cols = ''.join(
        f'<col min="{i}" max="{i}" width="{width}" customWidth="1"/>' for i, width in enumerate(widths, start=1)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        f'<cols>{cols}</cols><sheetData>{"".join(cells_xml)}</sheetData></worksheet>'
    )


def percent_formula(cells):
    """The website's scoring: answered scores as a share of their maximum, blanks left out."""
    return {'formula': f'IF(COUNT({cells})=0,"",ROUND(SUM({cells})/(COUNT({cells})*5)*100,1))'}


def make_xlsx():
    """The workbook to fill in, written from the question bank: the 40 questions with a
    per-essential summary, and a scoring guide with every question's six descriptors."""
    first = 5  # the row of the first question
    scorecard = [
        [f'Community Wildfire Resilience Scorecard - workbook, version {VERSION}'],
        ['Community:', '', 'Date:', ''],
        [],
        ['Question', 'Essential (UN 10 Essentials)', 'Topic', 'Wildfire question', 'Score (0-5)', 'Evidence and notes'],
    ]
    scorecard += [[question['id'], f'{number}. {title}', question['topic'], question['text'], '', ''] for number, title, question in QUESTIONS]
    last = first + len(QUESTIONS) - 1
    scorecard += [[], ['', 'Summary', '', '', 'Score (%)']]
    row = first
    for number, (title, _) in enumerate(ESSENTIALS, start=1):
        count = len(BANK['essentials'][number - 1]['questions'])
        scorecard.append(['', f'{number}. {title}', '', '', percent_formula(f'E{row}:E{row + count - 1}')])
        row += count
    scorecard.append(['', 'All ten essentials', '', '', percent_formula(f'E{first}:E{last}')])
    scorecard += [[], ['Scale: ' + ', '.join(f'{score} {label.lower()}' for score, label in enumerate(SCALE)) + '. The Scoring guide sheet says what each score means for each question.']]

    guide = [['Question', 'Topic'] + [f'{score} {label}' for score, label in enumerate(SCALE)] + ['Next step if you score low']]
    guide += [[question['id'], question['topic']] + question['descriptors'] + [question['nextStep']] for _, _, question in QUESTIONS]

    sheets = [
        ('Scorecard', sheet_xml(scorecard, [10, 45, 34, 80, 12, 50])),
        ('Scoring guide', sheet_xml(guide, [10, 34] + [40] * len(SCALE) + [60])),
    ]
    overrides = ''.join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        for i in range(1, len(sheets) + 1)
    )
    sheet_list = ''.join(f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>' for i, (name, _) in enumerate(sheets, start=1))
    sheet_rels = ''.join(
        f'<Relationship Id="rId{i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, len(sheets) + 1)
    )
    parts = {
        '[Content_Types].xml': (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            f'{overrides}</Types>'
        ),
        '_rels/.rels': (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
            '</Relationships>'
        ),
        'xl/workbook.xml': (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            # No cached results are written, so spreadsheet programs compute the formulas on opening.
            f'<sheets>{sheet_list}</sheets><calcPr fullCalcOnLoad="1"/></workbook>'
        ),
        'xl/_rels/workbook.xml.rels': (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'{sheet_rels}</Relationships>'
        ),
    }
    for i, (_, xml) in enumerate(sheets, start=1):
        parts[f'xl/worksheets/sheet{i}.xml'] = xml
    return zip_bytes({name: text.encode('utf-8') for name, text in parts.items()})


def zip_bytes(files):
    out = io.BytesIO()
    with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return out.getvalue()


def main():
    POLICY_PDF.parent.mkdir(parents=True, exist_ok=True)
    POLICY_PDF.write_bytes(make_pdf(POLICY, 'Data Protection Policy - Wildfire Prevention Consortium'))
    SCORECARD_ZIP.parent.mkdir(parents=True, exist_ok=True)
    SCORECARD_ZIP.write_bytes(zip_bytes({
        f'Instructions-{VERSION}.txt': INSTRUCTIONS.encode('utf-8'),
        f'Scorecard-Workbook-{VERSION}.xlsx': make_xlsx(),
        f'Scorecard-Guide-{VERSION}.pdf': make_pdf(GUIDE, f'Community Wildfire Resilience Scorecard guide {VERSION}'),
    }))
    print(f'wrote {POLICY_PDF.relative_to(ROOT)} ({POLICY_PDF.stat().st_size} bytes)')
    print(f'wrote {SCORECARD_ZIP.relative_to(ROOT)} ({SCORECARD_ZIP.stat().st_size} bytes)')


if __name__ == '__main__':
    main()

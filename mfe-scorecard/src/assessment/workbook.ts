import type { Row, Sheet } from 'write-excel-file/browser';
import { localDay, QUESTION_HEADERS, REPORT_TITLE, SUMMARY_HEADERS, type Report } from './report';

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });

/** The workbook's sheets: a summary per essential first, then every question with score and note. */
export function workbookSheets(report: Report, exportedAt: Date): Sheet<never>[] {
  const summaryRows = [...report.essentials, report.overall].map((row): Row => [
    row.label,
    row.title,
    row.answered,
    row.total,
    row.percent,
  ]);
  const summary: Row[] = [
    [bold(REPORT_TITLE)],
    [`Exported ${localDay(exportedAt)}`],
    [],
    SUMMARY_HEADERS.map(bold),
    ...summaryRows,
  ];
  const answers: Row[] = [
    QUESTION_HEADERS.map(bold),
    ...report.questions.map((row): Row => [
      row.essentialNumber,
      row.essentialTitle,
      row.id,
      row.topic,
      row.text,
      row.score,
      row.meaning,
      row.note,
    ]),
  ];
  return [
    {
      sheet: 'Summary',
      data: summary,
      columns: [{ width: 10 }, { width: 60 }, { width: 18 }, { width: 10 }, { width: 10 }],
    },
    {
      sheet: 'Answers',
      data: answers,
      columns: [
        { width: 10 },
        { width: 40 },
        { width: 10 },
        { width: 36 },
        { width: 70 },
        { width: 12 },
        { width: 60 },
        { width: 50 },
      ],
    },
  ];
}

/** Builds the .xlsx; the spreadsheet library is fetched only now, when a visitor asks for it. */
export async function reportWorkbook(report: Report, exportedAt: Date): Promise<Blob> {
  const { default: writeXlsxFile } = await import(/* webpackChunkName: "xlsx-writer" */ 'write-excel-file/browser');
  return writeXlsxFile(workbookSheets(report, exportedAt)).toBlob();
}

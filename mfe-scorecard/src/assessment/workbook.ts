import type { Row, Sheet } from 'write-excel-file/browser';
import { localDay, QUESTION_HEADERS, REPORT_TITLE, reportRows, SUMMARY_HEADERS, type Report } from './report';

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });

/** The workbook's sheets: a summary per essential first, then every question with score and note. */
export function workbookSheets(report: Report, exportedAt: Date): Sheet<never>[] {
  const { questions: questionRows, summary: summaryRows } = reportRows(report);
  const summary: Row[] = [
    [bold(REPORT_TITLE)],
    [`Exported ${localDay(exportedAt)}`],
    [],
    SUMMARY_HEADERS.map(bold),
    ...summaryRows,
  ];
  const answers: Row[] = [QUESTION_HEADERS.map(bold), ...questionRows];
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

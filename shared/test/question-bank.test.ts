/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { QUESTION_BANK, QUESTIONS, SCALE, SCORECARD_VERSION } from '@wpc/shared/assessment';
import { TEN_ESSENTIALS } from '@wpc/shared/scorecard';
import { unzip } from '../../test-support/unzip';

const SCORECARD_ZIP = path.join(
  __dirname,
  '../../mfe-scorecard/public/assets/content/community-wildfire-resilience-scorecard-02-20-24.zip',
);

describe('the self-assessment question bank', () => {
  it('asks four questions for each of the ten essentials, 40 in all, in the framework order', () => {
    expect(QUESTION_BANK.map((entry) => entry.essential.id)).toEqual(TEN_ESSENTIALS.map((essential) => essential.id));
    expect(QUESTION_BANK).toHaveLength(10);
    for (const entry of QUESTION_BANK) expect(entry.questions).toHaveLength(4);
    expect(QUESTIONS).toHaveLength(40);
  });

  it('describes every score from 0 to 5 of every question in one line', () => {
    for (const question of QUESTIONS) {
      expect(question.descriptors).toHaveLength(6);
      for (const descriptor of question.descriptors) {
        expect(descriptor.trim()).not.toBe('');
        expect(descriptor).not.toMatch(/\n/);
      }
      expect(new Set(question.descriptors).size).toBe(6);
    }
    expect(SCALE.map((step) => step.score)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('gives each question a unique id (essential number and letter, no dots), a topic, text and a next step', () => {
    for (const { essential, questions } of QUESTION_BANK) {
      expect(questions.map((question) => question.id)).toEqual(
        ['a', 'b', 'c', 'd'].map((letter) => `${essential.number}${letter}`),
      );
      for (const question of questions) {
        expect(question.essential).toBe(essential);
        expect(question.topic.trim()).not.toBe('');
        expect(question.text).toMatch(/\?$/);
        expect(question.nextStep.trim()).not.toBe('');
      }
    }
    expect(new Set(QUESTIONS.map((question) => question.text)).size).toBe(40);
  });

  it('belongs to scorecard version 02-20-24', () => {
    expect(SCORECARD_VERSION).toBe('02-20-24');
  });

  it('is the one the downloadable workbook asks: every question, topic and descriptor is in the committed zip', () => {
    const files = unzip(fs.readFileSync(SCORECARD_ZIP));
    expect([...files.keys()].sort()).toEqual([
      'Instructions-02-20-24.txt',
      'Scorecard-Guide-02-20-24.pdf',
      'Scorecard-Workbook-02-20-24.xlsx',
    ]);
    const workbook = unzip(files.get('Scorecard-Workbook-02-20-24.xlsx')!);
    const scorecard = workbook.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    const guide = workbook.get('xl/worksheets/sheet2.xml')!.toString('utf8');
    const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const question of QUESTIONS) {
      expect(scorecard).toContain(`<t>${question.id}</t>`);
      expect(scorecard).toContain(`<t>${xmlText(question.text)}</t>`);
      for (const descriptor of question.descriptors) expect(guide).toContain(`<t>${xmlText(descriptor)}</t>`);
      expect(guide).toContain(`<t>${xmlText(question.nextStep)}</t>`);
    }
    expect(scorecard).toContain('version 02-20-24');
  });
});

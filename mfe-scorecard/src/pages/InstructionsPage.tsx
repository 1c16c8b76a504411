import { TEN_ESSENTIALS } from '@wpc/shared/scorecard';
import { FormLink } from '../components/Links';
import { EssentialsInfographic } from '../components/EssentialsInfographic';
import { DocumentIcon } from '../components/DocumentIcon';
import { Section, SubPage } from '../components/SubPage';
import {
  DOWNLOAD_DOCUMENTS,
  DOWNLOAD_VERSION_NOTE,
  INSTRUCTIONS_INTRO,
  INSTRUCTION_STEPS,
  SCORE_SCALE,
} from '../content/instructions';
import styles from './InstructionsPage.module.css';

export default function InstructionsPage() {
  return (
    <SubPage title={INSTRUCTIONS_INTRO.title} crumb={INSTRUCTIONS_INTRO.crumb} lead={<p>{INSTRUCTIONS_INTRO.lead}</p>}>
      <Section id="instructions-steps" title="Five steps to your first assessment">
        <ol className={styles.steps}>
          {INSTRUCTION_STEPS.map((step, index) => (
            <li key={step.id} id={step.id} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.stepBody}>
                <h3 className={styles.stepTitle}>{step.title}</h3>
                <p className={styles.stepTime}>{step.time}</p>
                <p>{step.summary}</p>
                <ul className={styles.tips}>
                  {step.tips.map((tip) => (
                    <li key={tip}>{tip}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="instructions-essentials"
        title="The Ten Essentials at a glance"
        intro={
          <p>
            The scorecard follows the UN 10 Essentials for Making Cities Resilient, adapted to wildfire. Each essential
            is one conversation for your team and one score in the workbook.
          </p>
        }
      >
        <EssentialsInfographic essentials={TEN_ESSENTIALS} />
      </Section>

      <Section id="instructions-scale" title="How each essential is scored">
        <table className={styles.scale}>
          <caption className="wpc-visually-hidden">The scoring scale from 0 to 5</caption>
          <thead>
            <tr>
              <th scope="col">Score</th>
              <th scope="col">What it means</th>
            </tr>
          </thead>
          <tbody>
            {SCORE_SCALE.map((level) => (
              <tr key={level.score}>
                <th scope="row">{level.score}</th>
                <td>{level.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section id="instructions-download" title="What the download holds">
        <ul className={styles.documents}>
          {DOWNLOAD_DOCUMENTS.map((document) => (
            <li key={document.kind} className={styles.document}>
              <DocumentIcon kind={document.kind} />
              <div>
                <h3 className={styles.documentTitle}>{document.title}</h3>
                <p className={styles.fileName}>{document.fileName}</p>
                <p>{document.description}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className={styles.downloadLine}>
          <FormLink form="download">Download the scorecard</FormLink>
          <span className={styles.note}> {DOWNLOAD_VERSION_NOTE}</span>
        </p>
      </Section>
    </SubPage>
  );
}

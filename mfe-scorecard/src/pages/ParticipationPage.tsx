import { FormLink } from '../components/Links';
import { Section, SubPage } from '../components/SubPage';
import { PARTICIPATION_INTRO, PILOT_OPTIONS, STAKEHOLDERS, SUPPORT_OPTIONS } from '../content/participation';
import styles from './ParticipationPage.module.css';

export default function ParticipationPage() {
  return (
    <SubPage
      title={PARTICIPATION_INTRO.title}
      crumb={PARTICIPATION_INTRO.crumb}
      lead={<p>{PARTICIPATION_INTRO.lead}</p>}
    >
      <Section
        id="participation-stakeholders"
        title="Who takes part"
        intro={<p>A good assessment hears from everyone who shapes how a community lives with fire.</p>}
      >
        <ul className={styles.stakeholders}>
          {STAKEHOLDERS.map((stakeholder) => (
            <li key={stakeholder.name}>
              <strong>{stakeholder.name}</strong> {stakeholder.contribution}.
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="participation-pilots"
        title="Four ways to pilot"
        intro={
          <p>
            Every option is free for the community. Pick the one that fits your team today; you can move to another
            later.
          </p>
        }
      >
        <ul className={styles.options}>
          {PILOT_OPTIONS.map((option) => (
            <li key={option.id} id={option.id} className={styles.option}>
              <h3 className={styles.optionName}>{option.name}</h3>
              <p className={styles.optionSummary}>{option.summary}</p>
              <dl className={styles.facts}>
                <dt>Who leads</dt>
                <dd>{option.whoLeads}</dd>
                <dt>What we provide</dt>
                <dd>{option.ourRole}</dd>
                <dt>Typical time</dt>
                <dd>{option.time}</dd>
                <dt>Best for</dt>
                <dd>{option.bestFor}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p className={styles.action}>
          Ready to choose? <FormLink form="collab">Collaborate with Us</FormLink>
        </p>
      </Section>

      <Section
        id="participation-support"
        title="Ways to support"
        intro={<p>Not piloting? The scorecard stays free because people give what they can.</p>}
      >
        <ul className={styles.support}>
          {SUPPORT_OPTIONS.map((option) => (
            <li key={option.title} className={styles.supportItem}>
              <h3 className={styles.supportTitle}>{option.title}</h3>
              <p>{option.text}</p>
            </li>
          ))}
        </ul>
        <p className={styles.action}>
          <FormLink form="support">Support Wildfire Prevention</FormLink>
        </p>
      </Section>

      <Section id="participation-feedback" title="Already used the scorecard?">
        <p className={styles.feedback}>
          Tell us how it went and upload your workbook: your experience shapes the next edition.{' '}
          <FormLink form="feedback" pageName="scorecard-participation">
            Feedback
          </FormLink>
        </p>
      </Section>
    </SubPage>
  );
}

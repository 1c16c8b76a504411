import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { usePageData } from '@wpc/shared/area';
import { AppLink } from '@wpc/shared/navigation';
import { formPage, formsArrived, NotifyPopup } from '@wpc/shared/forms/on-demand';
import { ClipPlayer, PopupButton } from '@wpc/shared/ui';
import { ExternalLink } from '../components/ExternalLink';
import { Avatar } from '../components/Avatar';
import { INNOVATIONS_COPY as copy } from '../content/innovations-page';
import type { InnovationsPageData } from '../content/page-data';
import { ORGANIZERS } from '../content/organizers';
import { remoteFileUrl } from '../content/remote-files';
import { formatDay, formatMoment } from '../format/dates';
import { useEventTiming, useShowcaseSettings, type EventTiming } from '../settings/ShowcaseSettingsContext';
import type { ShowcaseSettings } from '../settings/showcase-settings';
import styles from './InnovationsPage.module.css';

const PRESENTATIONS_PATH = '/showcase/presentations';

/** /showcase/innovations: what the showcase is, and how to present at or attend the next one. */
export default function InnovationsPage() {
  const { demo } = usePageData<InnovationsPageData>();
  const settings = useShowcaseSettings();
  const timing = useEventTiming();
  const notifyMode = settings.registration === 'notify';
  // Closed, opened by the page (its greeting) or by the visitor's tap.
  const [notify, setNotify] = useState<'closed' | 'greeting' | 'tap'>('closed');
  // Once the visitor has opened the pop-up themselves, the greeting has nothing left to offer.
  const openedByVisitor = useRef(false);
  const openByTap = () => {
    openedByVisitor.current = true;
    setNotify('tap');
  };

  // While the next date is unknown the notify pop-up greets the visitor (spec §2). It opens after
  // mount: the prerendered page has no pop-up, and focus can only move into it in a browser. It
  // opens once its form has arrived, complete in one frame: no tap waits for it, and a pop-up
  // growing as its fields arrive would move on screen (a layout shift).
  useEffect(() => {
    if (!notifyMode) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the pop-up may only open (and close) in the browser, after hydration
      setNotify('closed');
      return undefined;
    }
    let current = true;
    void formsArrived().then(() => {
      if (current && !openedByVisitor.current) setNotify('greeting');
    });
    return () => {
      current = false;
    };
  }, [notifyMode]);

  return (
    <article className={styles.page}>
      <header className={styles.hero}>
        <img
          className={styles.heroImage}
          src={remoteFileUrl('media/hero/innovations-hero.svg')}
          width={1200}
          height={600}
          alt=""
          fetchPriority="high"
          decoding="async"
        />
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{copy.hero.eyebrow}</p>
          <h1 className={styles.heroTitle}>{copy.hero.title}</h1>
          <p className={styles.heroLead}>{copy.hero.lead}</p>
        </div>
      </header>

      <div className={styles.body}>
        <Section title={copy.invitation.title}>
          <p className={styles.lead}>{copy.invitation.body}</p>
          <div className={styles.blocks}>
            <ApplyBlock settings={settings} timing={timing} />
            <RegisterBlock settings={settings} timing={timing} onNotify={openByTap} />
          </div>
        </Section>

        <Section title={copy.ventures.title}>
          <p>{copy.ventures.body}</p>
          <ul className={styles.areas}>
            {copy.ventures.areas.map((area) => (
              <li key={area.name}>
                <strong>{area.name}</strong>: {area.text}
              </li>
            ))}
          </ul>
          <dl className={styles.figures}>
            {copy.ventures.figures.map((figure) => (
              <div key={figure.label} className={styles.figure}>
                <dt className={styles.figureLabel}>{figure.label}</dt>
                <dd className={styles.figureValue}>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section title={copy.demo.title}>
          <div className={styles.demo}>
            <div className={styles.demoText}>
              <p>{copy.demo.body}</p>
              <p>
                <AppLink href={PRESENTATIONS_PATH}>{copy.demo.archiveLink}</AppLink>
              </p>
            </div>
            {demo ? <DemoRecording demo={demo} /> : null}
          </div>
        </Section>

        <Section title={copy.organizers.title}>
          <p>{copy.organizers.body}</p>
          <ul className={styles.organizers}>
            {ORGANIZERS.map((organizer) => (
              <li key={organizer.name} className={styles.organizer}>
                <Avatar name={organizer.name} photo={organizer.photo} size={88} />
                <div>
                  <p className={styles.organizerName}>{organizer.name}</p>
                  <p className={styles.organizerRole}>
                    {organizer.role}, {organizer.organisation}
                  </p>
                  <p className={styles.organizerBio}>{organizer.bio}</p>
                </div>
                <img
                  className={styles.organizerLogo}
                  src={remoteFileUrl(organizer.logo)}
                  alt={`${organizer.organisation} logo`}
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
          <div className={styles.signOff}>
            <p>{copy.organizers.signOff}</p>
            <p className={styles.signature}>
              {copy.organizers.signOffClosing}
              <br />
              {ORGANIZERS.map((organizer) => organizer.name).join(' & ')}
            </p>
          </div>
        </Section>
      </div>

      <NotifyPopup
        open={notify !== 'closed'}
        opensComplete={notify === 'greeting'}
        onClose={() => setNotify('closed')}
      />
    </article>
  );
}

function Section({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

interface BlockProps {
  readonly settings: ShowcaseSettings;
  /** Null until the page has mounted and read the clock. */
  readonly timing: EventTiming | null;
}

/** Presenting: applications are always welcome while the next date is open; otherwise until the deadline. */
function ApplyBlock({ settings, timing }: BlockProps) {
  const text = copy.invitation.apply;
  const deadline = formatMoment(settings.applicationDeadline, settings.timeZone, settings.timeZoneLabel);
  const accepting = settings.registration === 'notify' || (timing?.acceptingApplications ?? true);
  return (
    <div className={styles.block}>
      <h3 className={styles.blockTitle}>{text.title}</h3>
      {settings.registration === 'notify' ? (
        <>
          <p className={styles.status}>{text.notifyStatus}</p>
          <p>{text.notifyBody}</p>
        </>
      ) : (
        <p className={styles.when}>
          {accepting ? text.deadlineLead : text.closedLead} <strong>{deadline}</strong>
        </p>
      )}
      {accepting ? (
        <ExternalLink look="primary" href={settings.links.presenterApplication} impact="partner-apply">
          {text.link}
        </ExternalLink>
      ) : null}
    </div>
  );
}

function RegisterBlock({ settings, timing, onNotify }: BlockProps & { readonly onNotify: () => void }) {
  const text = copy.invitation.register;
  if (settings.registration === 'notify') {
    return (
      <div className={styles.block}>
        <h3 className={styles.blockTitle}>{text.title}</h3>
        <p>{text.notifyBody}</p>
        <PopupButton onOpen={onNotify} page={formPage('notify')}>
          {text.notifyButton}
        </PopupButton>
      </div>
    );
  }
  const { nextEventStartsAt, timeZone, timeZoneLabel } = settings;
  const past = timing !== null && !timing.preEvent;
  return (
    <div className={styles.block}>
      <h3 className={styles.blockTitle}>{text.title}</h3>
      {past ? (
        <>
          <p className={styles.when}>
            {text.pastLead} <strong>{formatDay(nextEventStartsAt, timeZone)}</strong>
          </p>
          <AppLink className={styles.internalButton} href={PRESENTATIONS_PATH}>
            {text.recordingsLink}
          </AppLink>
        </>
      ) : (
        <>
          <p className={styles.when}>
            {text.eventLead} <strong>{formatMoment(nextEventStartsAt, timeZone, timeZoneLabel)}</strong>
          </p>
          <ExternalLink look="primary" href={settings.links.venturePartner} impact="partner-register">
            {text.registerLink}
          </ExternalLink>
        </>
      )}
    </div>
  );
}

/** The latest showcase's full recording, as a taste of what a showcase is like. */
function DemoRecording({ demo }: { readonly demo: NonNullable<InnovationsPageData['demo']> }) {
  return (
    <div className={styles.demoVideo}>
      <ClipPlayer
        videoId={demo.video.id}
        start={demo.video.start}
        end={demo.video.end}
        title={`${demo.title}: full recording`}
        previewSrc={demo.preview ? remoteFileUrl(demo.preview) : ''}
      />
    </div>
  );
}

import { ContactPageForm } from '@wpc/shared/forms';
import { Illustration } from '../components/Illustration';
import { CONTACT_FORM_TITLE, CONTACT_INTRO, OTHER_WAYS } from '../content/contact';
import page from './page.module.css';
import styles from './ContactUsPage.module.css';

export default function ContactUsPage() {
  return (
    <article>
      <header className={page.hero}>
        <div className={page.inner}>
          <h1 className={page.title}>{CONTACT_INTRO.title}</h1>
          <p className={page.lead}>{CONTACT_INTRO.lead}</p>
        </div>
      </header>
      <div className={`${page.inner} ${styles.layout}`}>
        <section className={styles.formPanel} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={styles.panelTitle}>
            {CONTACT_FORM_TITLE}
          </h2>
          <ContactPageForm />
        </section>
        <aside className={styles.aside} aria-labelledby="contact-other-ways">
          <h2 id="contact-other-ways" className={styles.panelTitle}>
            {OTHER_WAYS.title}
          </h2>
          <Illustration image={OTHER_WAYS.image} className={styles.image} loading="lazy" />
          <section className={styles.way} aria-labelledby="contact-meeting">
            <h3 id="contact-meeting" className={styles.wayTitle}>
              {OTHER_WAYS.meeting.title}
            </h3>
            <p className={styles.when}>{OTHER_WAYS.meeting.when}</p>
            <p className={styles.wayText}>{OTHER_WAYS.meeting.text}</p>
          </section>
          <section className={styles.way} aria-labelledby="contact-email">
            <h3 id="contact-email" className={styles.wayTitle}>
              {OTHER_WAYS.email.title}
            </h3>
            <p className={styles.wayText}>{OTHER_WAYS.email.text}</p>
            <a className={styles.mail} href={`mailto:${OTHER_WAYS.email.address}`}>
              {OTHER_WAYS.email.address}
            </a>
          </section>
        </aside>
      </div>
    </article>
  );
}

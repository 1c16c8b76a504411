import { AppLink } from '@wpc/shared/navigation';

export default function NotFoundPage() {
  return (
    <article className="wpc-page">
      <h1>Page is not found.</h1>
      <p className="wpc-lead">The address may be mistyped, or the page may have moved.</p>
      <p>
        <AppLink href="/">Go to the home page</AppLink>
      </p>
    </article>
  );
}

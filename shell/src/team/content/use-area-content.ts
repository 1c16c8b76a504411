import { useEffect, useState } from 'react';
import type { ContentArea } from '@wpc/shared/content-model';
import type { SignedInProps } from '../session';
import { contentApi, type AreaContent } from './api';
import { failureText } from './labels';

/**
 * One area's list answer (its entries, model and reference choices), read once per area, or the
 * text of why it could not be read. `setError` lets the page show a later failure the same way.
 */
export function useAreaContent({ session, onSignedOut }: SignedInProps, area: ContentArea) {
  const [content, setContent] = useState<AreaContent>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    // An answer for an area left meanwhile is dropped.
    let live = true;
    contentApi.list(session, area).then(
      (answer) => live && setContent(answer),
      (failure: unknown) => live && setError(failureText(failure, onSignedOut)),
    );
    return () => {
      live = false;
    };
  }, [session, area, onSignedOut]);
  return { content, error, setError };
}

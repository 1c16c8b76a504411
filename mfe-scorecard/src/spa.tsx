import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { AreaRouter } from '@wpc/shared/area';
import { SectionUnavailable } from '@wpc/shared/status';
import { pages } from './pages';

export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: () => <AreaRouter area="scorecard" pages={pages} label="The scorecard" />,
  errorBoundary: () => <SectionUnavailable section="The scorecard" onRetry={() => window.location.reload()} />,
});

export { SiteForm, type ReturnedPost, type SiteFormProps } from './SiteForm';
export {
  FormDialog,
  DownloadPopup,
  NotifyPopup,
  SubscribePopup,
  SponsorPopup,
  CollabPopup,
  FeedbackPopup,
  ContactPopup,
  SupportPopup,
  type FormDialogProps,
  type PopupFormProps,
} from './FormDialog';
export {
  SubscribeForm,
  SubscribePageForm,
  ContactPageForm,
  ContactScorecardForm,
  type InlineFormProps,
} from './PageForms';
export {
  SCORECARD_ZIP_URL,
  DATA_PROTECTION_POLICY_URL,
  FORM_ERROR_TEXT,
  SUCCESS_TEXT,
  SUBMIT_LABEL,
  successKind,
} from './copy';
export { fileProblem } from './files';

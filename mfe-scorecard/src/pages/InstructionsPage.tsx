import { FormButton } from '@wpc/shared/forms';

export default function InstructionsPage() {
  return (
    <article className="wpc-page">
      <h1>Scorecard Instructions</h1>
      <p className="wpc-lead">
        The scorecard download holds three documents: these instructions, the spreadsheet you fill in, and a PDF version for reading and printing. Work through the ten essentials with your team and score where your community stands today.
      </p>
      <p>Ready to start? Download the scorecard and open the zip file.</p>
      <FormButton form="download" scorecardForm>
        Download Scorecard
      </FormButton>
    </article>
  );
}

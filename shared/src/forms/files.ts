import { FEEDBACK_FILE_EXTENSIONS, FEEDBACK_MAX_FILES, FEEDBACK_MAX_FILE_BYTES } from '@wpc/shared/form-definitions';

export const FILE_ACCEPT = FEEDBACK_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');
export const MAX_FILE_MB = Math.round(FEEDBACK_MAX_FILE_BYTES / (1024 * 1024));

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Why the chosen files cannot be sent, or '' when they all can. The server enforces the same
 * rules; telling the visitor here saves them a wasted upload.
 */
export function fileProblem(files: readonly File[]): string {
  const wrongType = files.filter((file) => !FEEDBACK_FILE_EXTENSIONS.includes(extensionOf(file.name)));
  const tooLarge = files.filter((file) => file.size > FEEDBACK_MAX_FILE_BYTES && !wrongType.includes(file));
  const problems: string[] = [];
  const names = (list: readonly File[]) => list.map((file) => `"${file.name}"`).join(', ');
  if (wrongType.length)
    problems.push(`${names(wrongType)} ${wrongType.length > 1 ? 'are' : 'is'} not a file type we accept.`);
  if (tooLarge.length)
    problems.push(`${names(tooLarge)} ${tooLarge.length > 1 ? 'are' : 'is'} larger than ${MAX_FILE_MB} MB.`);
  if (files.length > FEEDBACK_MAX_FILES)
    problems.push(`You chose ${files.length} files; the limit is ${FEEDBACK_MAX_FILES} at a time.`);
  if (!problems.length) return '';
  return `${problems.join(' ')} Please choose other files, or put a link to them in the Links box instead.`;
}

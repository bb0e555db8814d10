export type SubmitLabelOptions = {
  uploading: boolean;
  busy: boolean;
  uploadCount: { done: number; total: number } | null | undefined;
  photoCount: number;
  idle: string;
};

/** What the submit button says: the upload's progress, then saving, else its idle text. */
export function submitLabel({
  uploading,
  busy,
  uploadCount,
  photoCount,
  idle,
}: SubmitLabelOptions) {
  if (uploading)
    return `Uploading photos ${uploadCount?.done ?? 0}/${uploadCount?.total ?? photoCount}…`;
  return busy ? 'Saving…' : idle;
}

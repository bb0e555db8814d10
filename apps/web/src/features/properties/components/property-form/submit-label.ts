import { t } from '@/i18n/i18n';

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
  if (uploading) {
    return t('properties.form.uploading', {
      done: uploadCount?.done ?? 0,
      total: uploadCount?.total ?? photoCount,
    });
  }
  return busy ? t('properties.form.saving') : idle;
}

import { Button, Group, Loader } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import type { usePhotoUploads } from '@/features/properties/components/photo-picker/use-photo-uploads';
import {
  type DuplicateCheckFields,
  DuplicateWarning,
  useDuplicateCheck,
} from '@/features/properties/components/property-form/duplicate-warning';
import {
  formErrorsWithoutPhotos,
  type PropertyFormValues,
} from '@/features/properties/components/property-form/property-form-values';
import { submitLabel } from '@/features/properties/components/property-form/submit-label';
import { fieldErrorTexts } from '@/lib/error-text';

/** Where a submit is: idle, uploading the photos, or saving the property. */
type Phase = 'idle' | 'uploading' | 'saving';

/** The photos just uploaded: their paths in the order picked, and each by its picker id. */
type UploadedPhotos = { paths: string[]; byPhotoId: Map<string, string> };

/** A save's request: the body, and the photo paths it sends (for the duplicate check and errors). */
type PreparedSave<B> = {
  body: B;
  /** The new photos' paths, for the duplicate check's photo hashes. */
  newPaths: string[];
  /** Each `photos.N` of the body as a path ('' for a saved photo), to put the server's errors on. */
  sentPaths: string[];
};

type PropertySubmitOptions<B extends DuplicateCheckFields> = {
  form: UseFormReturnType<PropertyFormValues>;
  photos: ReturnType<typeof usePhotoUploads>;
  /** The property being edited, never its own duplicate; null when adding. */
  excludeId?: number | null;
  /** The request, from the form's values and the photos uploaded. */
  prepare: (values: PropertyFormValues, uploaded: UploadedPhotos) => PreparedSave<B>;
  /** Sends it; what follows a success (notice, reset, navigation) is the caller's. */
  save: (body: B) => Promise<void>;
  /** Before each submit: clear what the last one left on screen. */
  onStart?: () => void;
  /** An error the form shows itself (the edit form's 409): true when handled. */
  handleError?: (error: unknown) => boolean;
  /** The notice for any other failure. */
  failureMessage: (error: unknown) => string;
  focusFirstError: (errors: FormErrors) => void;
  /** The save's own request or a reload under way. */
  pending: boolean;
  /** The button's text when idle. */
  idleLabel: string;
};

/**
 * The add and edit forms' one submit flow: photos uploaded first (a failure posts nothing and
 * keeps everything for another try), then a likely duplicate waits for the editor's word, then
 * the save; the server's field errors go back onto the fields and the photos, with a notice.
 */
export function usePropertySubmit<B extends DuplicateCheckFields>({
  form,
  photos,
  excludeId = null,
  prepare,
  save,
  onStart,
  handleError,
  failureMessage,
  focusFirstError,
  pending,
  idleLabel,
}: PropertySubmitOptions<B>) {
  const duplicates = useDuplicateCheck(excludeId);
  const [phase, setPhase] = useState<Phase>('idle');
  // Mantine's `submitting` reaches the button one render late; this closes the double-click gap.
  const inFlight = useRef(false);

  const submit = async (values: PropertyFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    onStart?.();
    let sentPaths: string[] = [];
    try {
      const uploaded: UploadedPhotos = { paths: [], byPhotoId: new Map() };
      if (photos.photos.length > 0) {
        setPhase('uploading');
        const sending = photos.photos;
        const outcome = await photos.upload();
        if (!outcome.ok) {
          if (outcome.message) notifications.show({ color: 'red', message: outcome.message });
          return;
        }
        uploaded.paths = outcome.paths;
        sentPaths = outcome.paths;
        sending.forEach((photo, index) => {
          const path = outcome.paths[index];
          if (path) uploaded.byPhotoId.set(photo.id, path);
        });
      }
      setPhase('saving');
      const prepared = prepare(values, uploaded);
      sentPaths = prepared.sentPaths;
      // A likely duplicate waits for the editor's word ("Guardar de todos modos" submits again).
      if (await duplicates.warns(prepared.body, prepared.newPaths)) return;
      await save(prepared.body);
    } catch (error) {
      if (handleError?.(error)) return;
      const fieldErrors = fieldErrorTexts(error);
      if (Object.keys(fieldErrors).length) {
        photos.showServerErrors(fieldErrors, sentPaths);
        const errors = formErrorsWithoutPhotos(fieldErrors);
        form.setErrors(errors);
        focusFirstError(errors);
      }
      notifications.show({ color: 'red', message: failureMessage(error) });
    } finally {
      inFlight.current = false;
      setPhase('idle');
    }
  };

  const onSubmit = form.onSubmit(submit, focusFirstError);
  const busy = phase !== 'idle' || form.submitting || pending;
  const label = submitLabel({
    uploading: phase === 'uploading',
    busy,
    uploadCount: photos.uploadCount,
    photoCount: photos.photos.length,
    idle: idleLabel,
  });

  /** The duplicate warning when one is up, and the submit button saying what is going on. */
  const footer = (
    <>
      {duplicates.candidates && (
        <DuplicateWarning
          candidates={duplicates.candidates}
          onSaveAnyway={() => {
            duplicates.confirm();
            onSubmit();
          }}
          onReview={duplicates.dismiss}
        />
      )}
      <Group justify="flex-end">
        {/* Not Mantine's `loading`, which hides the label: the label says what is going on. */}
        <Button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          leftSection={busy ? <Loader size={14} color="gray" /> : undefined}
        >
          {label}
        </Button>
      </Group>
    </>
  );

  return { onSubmit, busy, footer };
}

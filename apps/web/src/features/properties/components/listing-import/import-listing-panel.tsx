import { type ImportedListing, type ImportedPhotos, ImportListingBodySchema } from '@bec/contracts';
import { Alert, Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { importListing } from '@/features/properties/api/import-listing';
import { importListingPhotos } from '@/features/properties/api/import-listing-photos';
import { ImportPreview } from '@/features/properties/components/listing-import/import-preview';
import {
  type ImportDraft,
  type ImportRow,
  importBody,
  keptValues,
  proposedRows,
  toImportDraft,
} from '@/features/properties/components/listing-import/imported-values';
import type { PropertyFormValues } from '@/features/properties/components/property-form/property-form-values';
import { t } from '@/i18n/i18n';
import { useT } from '@/i18n/use-t';
import { contractErrors, errorText, fieldErrorTexts } from '@/lib/error-text';

export type ImportListingPanelProps = {
  /** The form's values as the panel opened: a row that would replace one says so. */
  current: PropertyFormValues;
  /** The ticked values and the photos fetched into uploads, for the form. */
  onAccept: (values: ImportDraft, photos: ImportedPhotos) => void;
};

/** What the person is looking at: the box, the reading under way, or the proposal. */
type Step =
  | { name: 'source' }
  | { name: 'reading' }
  | {
      name: 'preview';
      listing: ImportedListing;
      rows: ImportRow[];
      draft: ImportDraft;
      kept: ReadonlySet<ImportRow>;
      photos: ReadonlySet<string>;
    };

const bodyErrors = contractErrors(ImportListingBodySchema);

/** An API's refusal as one line at the box: its field issues (`url_not_allowed`…), else why. */
function sourceErrorText(error: unknown): string {
  const texts = Object.values(fieldErrorTexts(error)).flat();
  return texts.length > 0 ? texts.join(' ') : errorText(error);
}

/** The photos' refusals, each named by its place in the list ("Foto 2: …"). */
function photoErrorText(error: unknown, urls: readonly string[], chosen: readonly string[]) {
  const entries = Object.entries(fieldErrorTexts(error));
  if (entries.length === 0)
    return t('properties.import.photosFailed', { reason: errorText(error) });
  return entries
    .map(([field, messages]) => {
      const sent = chosen[Number(field.split('.')[1])];
      const n = sent === undefined ? 0 : urls.indexOf(sent) + 1;
      const message = messages.join(' ');
      return n > 0 ? t('properties.import.photoError', { n, message }) : message;
    })
    .join(' ');
}

/**
 * "Importar aviso" (docs/decisions/040-the-listing-import-panel.md): one box for a listing's text
 * or its link, read by POST /api/properties/import; then each proposed value beside its words, to
 * edit or untick, and the page's photos to choose. "Usar estos datos" fetches the chosen photos
 * into uploads and hands the ticked values to the form. Either request can be cancelled.
 */
export function ImportListingPanel({ current, onAccept }: ImportListingPanelProps) {
  const tr = useT();
  const [source, setSource] = useState('');
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [nothingFound, setNothingFound] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'source' });
  const [fetchingPhotos, setFetchingPhotos] = useState(0);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  // Closing the dialog stops a reading or a photo fetch under way.
  useEffect(() => () => request.current?.abort(), []);

  const start = () => {
    const controller = new AbortController();
    request.current = controller;
    return controller;
  };
  // Back at once: the request's own end, aborted, changes nothing more.
  const cancel = () => {
    request.current?.abort();
    request.current = null;
    setFetchingPhotos(0);
    setStep((current) => (current.name === 'reading' ? { name: 'source' } : current));
  };

  const read = async () => {
    const body = importBody(source);
    const problem = Object.values(bodyErrors(body))[0];
    setNothingFound(false);
    if (problem) {
      setSourceError(problem);
      return;
    }
    setSourceError(null);
    setStep({ name: 'reading' });
    const controller = start();
    try {
      const listing = await importListing(body, controller.signal);
      if (controller.signal.aborted) return;
      const draft = toImportDraft(listing);
      const rows = proposedRows(draft);
      if (rows.length === 0 && listing.photos.length === 0) {
        setNothingFound(true);
        setStep({ name: 'source' });
        return;
      }
      setAcceptError(null);
      setStep({
        name: 'preview',
        listing,
        rows,
        draft,
        kept: new Set(rows),
        photos: new Set(listing.photos),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setSourceError(sourceErrorText(error));
      setStep({ name: 'source' });
    } finally {
      if (request.current === controller) request.current = null;
    }
  };

  const accept = async () => {
    if (step.name !== 'preview') return;
    const chosen = step.listing.photos.filter((url) => step.photos.has(url));
    if (step.kept.size === 0 && chosen.length === 0) {
      setAcceptError(tr('properties.import.nothingChosen'));
      return;
    }
    setAcceptError(null);
    let photos: ImportedPhotos = [];
    if (chosen.length > 0) {
      const controller = start();
      setFetchingPhotos(chosen.length);
      try {
        photos = await importListingPhotos(chosen, controller.signal);
        if (controller.signal.aborted) return;
      } catch (error) {
        if (!controller.signal.aborted) {
          setAcceptError(photoErrorText(error, step.listing.photos, chosen));
        }
        return;
      } finally {
        setFetchingPhotos(0);
        if (request.current === controller) request.current = null;
      }
    }
    onAccept(keptValues(step.draft, step.kept), photos);
  };

  if (step.name === 'preview') {
    const busy = fetchingPhotos > 0;
    return (
      <Stack gap="md">
        <ImportPreview
          listing={step.listing}
          rows={step.rows}
          draft={step.draft}
          kept={step.kept}
          photos={step.photos}
          current={current}
          disabled={busy}
          onDraftChange={(change) =>
            setStep({ ...step, draft: { ...step.draft, ...change } as ImportDraft })
          }
          onKeptChange={(kept) => setStep({ ...step, kept })}
          onPhotosChange={(photos) => setStep({ ...step, photos })}
        />
        {acceptError && (
          <Alert color="red" role="alert">
            <Text size="sm">{acceptError}</Text>
          </Alert>
        )}
        {busy ? (
          <Group justify="space-between" role="status">
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">
                {tr('properties.import.fetchingPhotos', { count: fetchingPhotos })}
              </Text>
            </Group>
            <Button variant="default" onClick={cancel}>
              {tr('properties.import.cancel')}
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setStep({ name: 'source' })}>
              {tr('properties.import.back')}
            </Button>
            <Button onClick={() => void accept()}>{tr('properties.import.accept')}</Button>
          </Group>
        )}
      </Stack>
    );
  }

  const reading = step.name === 'reading';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is portalled out of the add form, but React still bubbles into it.
        event.stopPropagation();
        void read();
      }}
    >
      <Stack gap="md">
        <Textarea
          label={tr('properties.import.source')}
          description={tr('properties.import.sourceHint')}
          rows={6}
          resize="vertical"
          data-autofocus
          value={source}
          readOnly={reading}
          error={sourceError}
          onChange={(event) => {
            setSource(event.currentTarget.value);
            setSourceError(null);
          }}
        />
        {nothingFound && (
          <Alert color="yellow" title={tr('properties.import.nothingFound')} role="alert">
            <Text size="sm">{tr('properties.import.nothingFoundHint')}</Text>
          </Alert>
        )}
        {reading ? (
          <Group justify="space-between" role="status">
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{tr('properties.import.reading')}</Text>
            </Group>
            <Button variant="default" onClick={cancel}>
              {tr('properties.import.cancel')}
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button type="submit">{tr('properties.import.read')}</Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

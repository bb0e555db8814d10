import {
  MAX_VISIT_NOTES,
  MAX_VISIT_PHOTOS,
  PHOTO_CONTENT_TYPES,
  type Visit,
  type Visitor,
} from '@bec/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Rating,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { shouldQueueOffline } from '@/entities/offline-queue/is-network-failure';
import { type QueueTarget, queueOffline } from '@/entities/offline-queue/send-or-queue';
import { useChangeVisit } from '@/features/visits/api/save-visit';
import {
  uploadVisitPhotos,
  VisitPhotoUploadError,
} from '@/features/visits/api/upload-visit-photos';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { fieldErrorTexts } from '@/lib/error-text';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` input shows it: the browser's own time, to the minute. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What a `datetime-local` input holds (the browser's own time) as an instant; null if empty. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

type Errors = Partial<Record<'visited_at' | 'visitor_id' | 'notes' | 'rating' | 'photos', string>>;

export type VisitFormProps = {
  propertyId: number;
  /** The visit to edit; none to log a new one. */
  visit?: Visit | undefined;
  visitors: Visitor[];
  /** Who the form names as visitor for a new visit (the signed-in member). */
  defaultVisitorId?: number | undefined;
  /** Their name: offered even when `visitors` is empty (offline, the team's list not saved). */
  defaultVisitorName?: string | undefined;
  /** After a save. */
  onDone: () => void;
  /**
   * Whose offline queue keeps a new visit logged without network (its photos too), and what it
   * is listed under; without it, the visit is only sent.
   */
  queueTo?: QueueTarget | undefined;
  /** After a new visit went to the offline queue instead (ADR 047). */
  onQueued?: (() => void) | undefined;
  onCancel: () => void;
  /** After a save: the page refreshes the property (its stage may have moved). */
  onChanged?: (() => void) | undefined;
};

/** Who the form starts with: the visit's visitor, else the one named by default, else nobody. */
const initialVisitor = (visit: Visit | undefined, defaultVisitorId: number | undefined) =>
  visit?.visitor
    ? String(visit.visitor.id)
    : defaultVisitorId !== undefined
      ? String(defaultVisitorId)
      : null;

/** The visitor select's choices: the team, plus whoever the visit or the default names. */
function visitorOptions(
  visitors: VisitFormProps['visitors'],
  visit: Visit | undefined,
  defaultVisitorId: number | undefined,
  defaultVisitorName: string | undefined,
) {
  const options = visitors.map((v) => ({ value: String(v.id), label: v.name }));
  // A visitor deleted since still shows on the visit being edited.
  if (visit?.visitor && !options.some((o) => o.value === String(visit.visitor?.id)))
    options.push({ value: String(visit.visitor.id), label: visit.visitor.name });
  // Offline before the team's list was saved (ADR 060), the signed-in member still names themself.
  if (
    !visit &&
    defaultVisitorId !== undefined &&
    defaultVisitorName !== undefined &&
    !options.some((o) => o.value === String(defaultVisitorId))
  )
    options.push({ value: String(defaultVisitorId), label: defaultVisitorName });
  return options;
}

/** Why the photos could not be uploaded, shown under them. */
function photoUploadProblem(error: unknown) {
  if (error instanceof VisitPhotoUploadError) return error.message;
  const byField = fieldErrorTexts(error);
  return Object.values(byField)[0]?.[0] ?? errorText(error);
}

/** The server's problems under the form's own fields (a photo's under the photos). */
function fieldProblems(error: unknown): Errors {
  const byField = fieldErrorTexts(error);
  const shown: Errors = {};
  for (const [field, messages] of Object.entries(byField)) {
    const key = field.split('.')[0] as keyof Errors;
    if (['visited_at', 'visitor_id', 'notes', 'rating', 'photos'].includes(key))
      shown[key] = [shown[key], ...messages].filter(Boolean).join(' ');
  }
  return shown;
}

/**
 * Logs or edits a visit: when, who, notes, a 1–5 rating and photos. New photos go straight to
 * storage through signed URLs, then the visit is saved with their paths; the server's problems
 * show under their fields.
 */
export function VisitForm({
  propertyId,
  visit,
  visitors,
  defaultVisitorId,
  defaultVisitorName,
  onDone,
  onCancel,
  onChanged,
  queueTo,
  onQueued,
}: VisitFormProps) {
  const t = useT();
  const [when, setWhen] = useState(visit ? toLocalInput(visit.visited_at) : '');
  const [visitorId, setVisitorId] = useState<string | null>(
    initialVisitor(visit, defaultVisitorId),
  );
  const [notes, setNotes] = useState(visit?.notes ?? '');
  const [rating, setRating] = useState(visit?.rating ?? 0);
  const [kept, setKept] = useState<number[]>(visit?.photos.map((p) => p.id) ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const change = useChangeVisit(propertyId, onChanged);
  // Uploads under way stop when the form goes away (cancel, or the page left).
  const uploads = useRef<AbortController | null>(null);
  useEffect(() => () => uploads.current?.abort(), []);

  const options = visitorOptions(visitors, visit, defaultVisitorId, defaultVisitorName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const visitedAt = fromLocalInput(when);
    const problems: Errors = {};
    if (!visitedAt) problems.visited_at = t('visits.form.whenRequired');
    if (!visitorId) problems.visitor_id = t('visits.form.visitorRequired');
    setErrors(problems);
    setFailure(null);
    if (!visitedAt || !visitorId) return;

    const fields = {
      visited_at: visitedAt,
      visitor_id: Number(visitorId),
      notes: notes.trim() ? notes : null,
      rating: rating > 0 ? rating : null,
    };
    // A new visit without network is kept on the phone with its photos, under the key its
    // first try (if any) was sent with: a try whose answer was lost must not log it twice.
    const key = crypto.randomUUID();
    const target = visit ? undefined : queueTo;
    const queue = async (target: QueueTarget, paths: string[] = []) => {
      const photos = files.map((file, index) => ({
        name: file.name,
        type: file.type,
        blob: file,
        path: paths[index],
      }));
      await queueOffline(target, { kind: 'visit', propertyId, body: fields, photos }, key);
      setUploading(false);
      onQueued?.();
    };

    setUploading(true);
    if (target && shouldQueueOffline()) {
      await queue(target);
      return;
    }
    let paths: string[];
    const controller = new AbortController();
    uploads.current = controller;
    try {
      paths = await uploadVisitPhotos(files, { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (target && shouldQueueOffline(error)) {
        await queue(target);
        return;
      }
      setUploading(false);
      setErrors({ photos: photoUploadProblem(error) });
      return;
    }
    setUploading(false);

    change.mutate(
      visit
        ? {
            kind: 'update',
            id: visit.id,
            body: { ...fields, photos: [...kept, ...paths], updated_at: visit.updated_at },
          }
        : { kind: 'create', body: { ...fields, photos: paths }, idempotencyKey: key },
      {
        onSuccess: () => onDone(),
        onError: (error) => {
          if (target && shouldQueueOffline(error)) {
            void queue(target, paths);
            return;
          }
          const shown = fieldProblems(error);
          setErrors(shown);
          if (Object.keys(shown).length === 0) setFailure(errorText(error));
        },
      },
    );
  };

  const pending = uploading || change.isPending;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title={t('visits.saveFailed')} role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          type="datetime-local"
          label={t('visits.form.when')}
          value={when}
          onChange={(event) => setWhen(event.currentTarget.value)}
          error={errors.visited_at}
          required
        />
        <Select
          label={t('visits.form.visitor')}
          placeholder={t('visits.form.visitorPlaceholder')}
          data={options}
          value={visitorId}
          onChange={setVisitorId}
          error={errors.visitor_id}
          allowDeselect={false}
          searchable
          required
        />
        <Textarea
          label={t('visits.form.notes')}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          maxLength={MAX_VISIT_NOTES}
          rows={3}
          error={errors.notes}
        />
        <Input.Wrapper
          label={t('visits.form.rating')}
          description={t('visits.form.ratingHint')}
          error={errors.rating}
        >
          <Group gap="xs">
            <Rating
              value={rating}
              onChange={setRating}
              getSymbolLabel={(value) => t('visits.form.star', { value })}
            />
            {rating > 0 && (
              <Button variant="subtle" size="compact-xs" onClick={() => setRating(0)}>
                {t('visits.form.clearRating')}
              </Button>
            )}
          </Group>
        </Input.Wrapper>
        {visit && visit.photos.length > 0 && (
          <Group gap="xs">
            {visit.photos.map((photo, index) => (
              <Checkbox
                key={photo.id}
                label={t('visits.form.keepPhoto', { position: index + 1 })}
                checked={kept.includes(photo.id)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setKept((current) =>
                    on ? [...current, photo.id] : current.filter((id) => id !== photo.id),
                  );
                }}
              />
            ))}
          </Group>
        )}
        <Input.Wrapper
          label={t('visits.form.photos')}
          description={t('visits.form.photosHint', { max: MAX_VISIT_PHOTOS })}
          error={errors.photos}
          id="visit-photos"
        >
          <input
            id="visit-photos"
            type="file"
            multiple
            accept={PHOTO_CONTENT_TYPES.join(',')}
            onChange={(event) =>
              setFiles(Array.from(event.currentTarget.files ?? []).slice(0, MAX_VISIT_PHOTOS))
            }
          />
        </Input.Wrapper>
        {files.length > 0 && (
          <Text size="xs" c="dimmed">
            {files.map((f) => f.name).join(', ')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('visits.form.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('visits.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

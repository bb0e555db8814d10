import '@/features/visits/messages';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUpcomingVisits } from '@/features/visits/api/get-upcoming-visits';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';

/**
 * Home's "Tus próximas visitas": the signed-in member's visits from now on, soonest first, with
 * where to go. Loaded lazily by Home (it is not part of the first screen's code), texts included.
 */
function UpcomingVisits() {
  const t = useT();
  const upcoming = useUpcomingVisits();
  return (
    <Stack gap="xs" component="section" aria-labelledby="upcoming-visits-title">
      <Title order={3} id="upcoming-visits-title">
        {t('visits.upcoming.title')}
      </Title>
      {upcoming.isPending ? (
        <Text role="status">{t('visits.upcoming.loading')}</Text>
      ) : upcoming.isError ? (
        <Text role="alert" c="red">
          {t('visits.upcoming.failed', { message: errorText(upcoming.error) })}
        </Text>
      ) : upcoming.data.visits.length === 0 ? (
        <Text c="dimmed">{t('visits.upcoming.none')}</Text>
      ) : (
        <List spacing="xs" listStyleType="none" withPadding={false}>
          {upcoming.data.visits.map((visit) => (
            <List.Item key={visit.id}>
              <Text fw={600} size="sm">
                {formatDateTime(visit.visited_at)}
              </Text>
              <Anchor component={Link} to={paths.property.getHref(visit.property_id)}>
                {visit.property_name}
              </Anchor>
              <Text size="sm" c="dimmed">
                {visit.address === null
                  ? visit.city_name
                  : t('visits.upcoming.where', { address: visit.address, comuna: visit.city_name })}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

export default UpcomingVisits;

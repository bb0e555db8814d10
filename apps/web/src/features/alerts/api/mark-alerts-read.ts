import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { alertKeys } from './query-keys';

/** POST /api/alerts/:id/read: one alert read (opening it). */
const markAlertRead = (id: number) =>
  apiRequest(`/alerts/${id}/read`, z.unknown(), { method: 'POST' });

/** POST /api/alerts/read-all: every alert of the member read. */
const markAllAlertsRead = () => apiRequest('/alerts/read-all', z.unknown(), { method: 'POST' });

/** After either: the bell's count and its list are fetched again. */
function useRefreshAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: alertKeys.all });
}

export function useMarkAlertRead() {
  const refresh = useRefreshAlerts();
  return useMutation({ mutationFn: markAlertRead, onSettled: () => refresh() });
}

export function useMarkAllAlertsRead() {
  const refresh = useRefreshAlerts();
  return useMutation({ mutationFn: markAllAlertsRead, onSettled: () => refresh() });
}

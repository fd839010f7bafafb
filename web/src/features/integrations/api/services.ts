/**
 * The organization's connected accounts (`api/integrations/services.ts`, the integrations service):
 * - `listServices` (GET /admin/services[?type]) → `{services}`, newest first;
 * - `getService` (GET /admin/services/:serviceId) → `{service}`; 404 `copy.integrations.serviceNotFound`;
 * - `createService` (POST /admin/services {serviceType, serviceName?, config, source?}) → 201 `{service}`; 400 with
 *   details at `body.config.<key>`, 422 when the provider refused the credentials, 503 when it cannot be reached;
 * - `updateService` (PATCH /admin/services/:serviceId {serviceName?, config?}) → `{service}`; 403 `notYours`;
 * - `checkService` (POST /admin/services/:serviceId/check) → `{service}` with its new status;
 * - `deleteService` (DELETE /admin/services/:serviceId);
 * - `startServiceOAuth` (POST /admin/services/oauth/:serviceType/start) → `{authorizationUrl}` for an OAuth service.
 * Every change refreshes the list and the connection.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkService,
  createService,
  deleteService,
  getService,
  listServices,
  updateService,
  type CreateServiceBodyInput,
  type ServiceConnection,
  type UpdateServiceBodyInput,
} from '@formloom/contracts/api/integrations/services';
import { startServiceOAuth, type StartOAuthBodyInput } from '@formloom/contracts/api/integrations/oauth';
import type { ServiceType } from '@formloom/contracts/integrations/service-types';
import { callEndpoint } from '../../../lib/api-client';
import { serviceKeys } from '../../../lib/query-keys';

/** The query of the organization's connections (of `type` only, when given). */
export function servicesQueryOptions(type?: ServiceType) {
  return queryOptions({
    queryKey: serviceKeys.list(type),
    queryFn: async ({ signal }) => (await callEndpoint(listServices, { query: type ? { type } : {}, signal })).services,
  });
}

/** The organization's connections. */
export function useServices(type?: ServiceType) {
  return useQuery(servicesQueryOptions(type));
}

/** The query of one connection. */
export function serviceQueryOptions(serviceId: string) {
  return queryOptions({
    queryKey: serviceKeys.detail(serviceId),
    queryFn: async ({ signal }) => (await callEndpoint(getService, { params: { serviceId }, signal })).service,
  });
}

/** One connection. */
export function useService(serviceId: string) {
  return useQuery(serviceQueryOptions(serviceId));
}

/** A mutation answering a connection that refreshes every connection query once it succeeds. */
function useServiceChange<Variables>(call: (variables: Variables) => Promise<ServiceConnection>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (service) => {
      queryClient.setQueryData(serviceKeys.detail(service.id), service);
      return queryClient.invalidateQueries({ queryKey: serviceKeys.all });
    },
  });
}

/** Connects an account (the provider checks the credentials first). */
export function useCreateService() {
  return useServiceChange(async (body: CreateServiceBodyInput) => (await callEndpoint(createService, { body })).service);
}

/** Renames a connection or changes its credentials. */
export function useUpdateService() {
  return useServiceChange(
    async ({ serviceId, ...body }: UpdateServiceBodyInput & { serviceId: string }) => (await callEndpoint(updateService, { params: { serviceId }, body })).service,
  );
}

/** Asks the provider whether a connection still works; resolves it with its new status. */
export function useCheckService() {
  return useServiceChange(async (serviceId: string) => (await callEndpoint(checkService, { params: { serviceId } })).service);
}

/** Disconnects an account. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (serviceId: string) => {
      await callEndpoint(deleteService, { params: { serviceId } });
      return serviceId;
    },
    onSuccess: (serviceId) => {
      queryClient.removeQueries({ queryKey: serviceKeys.detail(serviceId) });
      return queryClient.invalidateQueries({ queryKey: serviceKeys.lists });
    },
  });
}

/**
 * Starts connecting (or reconnecting `serviceId`) an OAuth account: resolves the provider's authorization URL, where
 * the caller sends the browser; the provider's callback brings it back to `returnTo` with the outcome
 * (`OAUTH_RESULT_PARAMS`).
 */
export function useStartOAuth() {
  return useMutation({
    mutationFn: async ({ serviceType, ...body }: StartOAuthBodyInput & { serviceType: ServiceType }) =>
      (await callEndpoint(startServiceOAuth, { params: { serviceType }, body })).authorizationUrl,
  });
}

import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/database.ts';
import { accessLogServerOptions } from './logging.ts';
import { CHECKPOINT_EVERY_MS, createActivityModule } from './modules/activity/activity.module.ts';
import { createAuthModule } from './modules/auth/auth.module.ts';
import { createBusinessModule } from './modules/business/business.module.ts';
import { createCatalogModule } from './modules/catalog/catalog.module.ts';
import { createControllersModule } from './modules/controllers/controllers.module.ts';
import { createFeedModule } from './modules/feed/feed.module.ts';
import {
  type ClusterMembership,
  createGatewayModule,
  createTunnels,
} from './modules/gateway/gateway.module.ts';
import type { TunnelActor } from './modules/gateway/tunnel-registry.ts';
import { createGatewayPairingModule } from './modules/gateway-pairing/gateway-pairing.module.ts';
import { createHealthModule } from './modules/health/health.module.ts';
import { createHousekeepingModule } from './modules/housekeeping/housekeeping.module.ts';
import { createInsightModule } from './modules/insight/insight.module.ts';
import { createLibraryModule } from './modules/library/library.module.ts';
import { createLicensesModule } from './modules/licenses/licenses.module.ts';
import { createLiveStatusModule } from './modules/live-status/live-status.module.ts';
import { createMachineAccessModule } from './modules/machine-access/machine-access.module.ts';
import { createMachineGroupsModule } from './modules/machine-groups/machine-groups.module.ts';
import { createMachineProxyModule } from './modules/machine-proxy/machine-proxy.module.ts';
import { createMaintenanceModule } from './modules/maintenance/maintenance.module.ts';
import { createNotificationsModule } from './modules/notifications/notifications.module.ts';
import { createPasswordRecoveryModule } from './modules/password-recovery/password-recovery.module.ts';
import { createPrintQueueModule } from './modules/print-queue/print-queue.module.ts';
import { createServiceSessionsModule } from './modules/service-sessions/service-sessions.module.ts';
import { createSlicerAccessModule } from './modules/slicer-access/slicer-access.module.ts';
import { createTicketsModule } from './modules/tickets/tickets.module.ts';
import { createUsersModule } from './modules/users/users.module.ts';
import { createWebcamModule } from './modules/webcam/webcam.module.ts';
import { apiNoStorePlugin } from './plugins/api-no-store.ts';
import { authenticatePlugin } from './plugins/authenticate.ts';
import { bodyTimeoutsPlugin } from './plugins/body-timeouts.ts';
import { earlyErrorOptions, errorHandlerPlugin } from './plugins/error-handler.ts';
import { forwardingHeadersPlugin } from './plugins/forwarding-headers.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { requestMetricsPlugin } from './plugins/request-metrics.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { answerSerializer } from './plugins/serialization.ts';
import { shutdownGracePlugin } from './plugins/shutdown-grace.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { AppError } from './shared/app-error.ts';
import { type Clock, systemClock } from './shared/clock.ts';
import { type ClusterBus, InProcessBus } from './shared/cluster-bus.ts';
import { createMailer } from './shared/mailer.ts';
import { createMetrics, type Metrics } from './shared/metrics.ts';
import type { AppConfig, ModuleDeps, ModuleRoutes } from './shared/module.ts';
import { PasswordHasher } from './shared/password-hasher.ts';

/**
 * How often expired sessions, login counters and recovery links are forgotten, and maintenance reminders looked for,
 * once for the deployment.
 */
const HOUSEKEEPING_EVERY_MS = 60_000;

export interface AppOptions {
  config: AppConfig;
  db: Database;
  /** The clock; tests move it instead of waiting. */
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The deployment's bus (Redis with several instances); by default this instance alone. */
  bus?: ClusterBus;
  /** Several instances: this one's place in the deployment (with `bus` on the same Redis). */
  cluster?: ClusterMembership;
  /** Tests: every answer is checked against its schema before it is written (plugins/serialization.ts). */
  checkAnswers?: boolean;
}

/** What createModules takes besides the modules' common dependencies. */
export interface ModulesOptions {
  metrics?: Metrics;
  cluster?: ClusterMembership | undefined;
  /** Where background work says what went wrong (the app's log). */
  warn?: (error: unknown, message: string) => void;
}

/**
 * Every module, built once from the same database, clock and configuration, in dependency order: each gets
 * only what the modules above it made. A module that must tell one built later of its changes (users' ended
 * sessions, controllers' replaced keys, tickets' answers) publishes them, and that module subscribes.
 */
export function createModules(
  deps: ModuleDeps,
  { metrics = createMetrics(), cluster, warn = () => undefined }: ModulesOptions = {},
) {
  const health = createHealthModule(deps);
  // One hasher for logins, password changes, recoveries and seeding, so one hashing limit covers them all.
  const hasher = new PasswordHasher({ cost: deps.config.passwordHashing });
  const users = createUsersModule(deps, { hasher });
  const auth = createAuthModule(deps, { users: users.repository, sessionEnds: users.sessionEnds, hasher });
  const business = createBusinessModule(deps, { businessChanged: (id) => auth.service.businessChanged(id) });
  const licenses = createLicensesModule(deps, { businesses: business.repository });
  const catalog = createCatalogModule(deps);
  const machineGroups = createMachineGroupsModule(deps);
  // The tunnels' registries come first: controllers read who is connected, the gateway module fills them.
  const tunnels = createTunnels(metrics, deps.bus, cluster, warn);
  const controllers = createControllersModule(deps, { presence: tunnels.deployment });
  const gateway = createGatewayModule(deps, {
    tunnels,
    // Asked only while requests run, when every module exists.
    reauthorise: (controllerId, actor) => reauthorise(controllerId, actor),
    cameraFeed: (controllerId, stream) => webcam.hub.feedInstance(controllerId, stream),
    checkKey: (controllerId, key) => controllers.service.verifyGatewayKey(controllerId, key),
    keyChanges: controllers.keyChanges,
    contact: (controllerId, contact) => controllers.service.gatewayContact(controllerId, contact),
    onDrain: (listener) => health.readiness.onDrain(listener),
  });
  const gatewayPairing = createGatewayPairingModule(deps, { controllers: controllers.service });
  const machineAccess = createMachineAccessModule(deps);
  /** The holder's second look at a forwarded request: the session (or the user) still allowed, the machine reachable. */
  const reauthorise = async (controllerId: number, actor: TunnelActor): Promise<boolean> => {
    try {
      const viewer = actor.sessionId
        ? await auth.service.checkSession({ id: actor.userId, sid: actor.sessionId })
        : await auth.service.activeViewer(actor.userId);
      if (actor.path === 'status') await liveStatus.service.assertVisible(viewer, controllerId);
      else await machineAccess.service.reach(viewer, controllerId, actor.path);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  };
  const activity = createActivityModule(deps);
  const machineProxy = createMachineProxyModule(deps, {
    registry: gateway.tunnels,
    activity: activity.log,
    access: machineAccess.service,
    checkSession: (claims) => auth.service.checkSession(claims),
    checkedSession: (claims) => auth.service.checkedSession(claims),
    sessions: auth.events,
  });
  const webcam = createWebcamModule(deps, {
    registry: gateway.tunnels,
    access: machineAccess.service,
    authenticateVideo: (token) => auth.service.authenticateVideo(token),
    checkSession: (claims) => auth.service.checkSession(claims),
    sessions: auth.events,
  });
  const liveStatus = createLiveStatusModule(deps, {
    tunnels: gateway.tunnels,
    held: gateway.held,
    authenticate: (token) => auth.service.authenticate(token),
    sessions: auth.events,
    // Asked only while requests run, when the print queue exists; the queue tells its changes below.
    readyAmong: (machineGroupIds) => printQueue.machines.readyAmong(machineGroupIds),
    warn,
  });
  gateway.onHolderLost((controllerId, epoch) => void liveStatus.monitor.holderLost(controllerId, epoch));
  // Browsers' status streams reconnect by themselves: through the load balancer, to another instance.
  health.readiness.onDrain(() => liveStatus.streams.closeAll());
  const tickets = createTicketsModule(deps);
  const serviceSessions = createServiceSessionsModule(deps, {
    grantsMayHaveChanged: () => machineAccess.grantsMayHaveChanged(),
    sessions: auth.events,
  });
  const mailer = createMailer(deps.config.mail);
  const notifications = createNotificationsModule(deps, {
    machineEvents: liveStatus.events,
    ticketChanges: tickets.changes,
    serviceSessionChanges: serviceSessions.changes,
    consentChanges: serviceSessions.consentChanges,
    mailer,
    snapshot: webcam.snapshot,
    // Asked only once the app runs, when the print queue exists.
    endsQueueRun: (transition) => printQueue.follower.endsRun(transition),
  });
  const feed = createFeedModule(deps);
  const maintenance = createMaintenanceModule(deps, {
    machineEvents: liveStatus.events,
    held: gateway.held,
    remind: (reminder) => notifications.notifier.maintenanceDue(reminder),
  });
  const insight = createInsightModule(deps);
  const library = createLibraryModule(deps, {
    registry: gateway.tunnels,
    access: machineAccess.service,
    businessDeletions: business.deleting,
  });
  const printQueue = createPrintQueueModule(deps, {
    registry: gateway.tunnels,
    activity: activity.log,
    access: machineAccess.service,
    machineEvents: liveStatus.events,
    statusOf: (controllerId) => liveStatus.service.statusOf(controllerId),
    files: library.files,
    viewerOf: (userId) => auth.service.activeViewer(userId),
    tell: (event) => notifications.notifier.queueRun(event),
    readinessChanged: (machineGroupId) => liveStatus.readiness.changed(machineGroupId),
    warn,
  });
  const slicerAccess = createSlicerAccessModule(deps, {
    registry: gateway.tunnels,
    activity: activity.log,
    access: machineAccess.service,
    library: {
      // A slicer's file replaces one of the same name, as a board's or OctoPrint's upload does.
      upload: (viewer, query, body, length, crc32) =>
        library.service.upload(viewer, query, body, length, { replace: true, crc32 }),
      deleteFile: (viewer, id) => library.service.deleteFile(viewer, id),
      fileNamed: (businessId, folder, name) => library.files.fileNamed(businessId, folder, name),
    },
    queue: printQueue.service,
    record: (entry) => activity.log.record(entry),
  });
  const passwordRecovery = createPasswordRecoveryModule(deps, {
    users: users.repository,
    hashPassword: (password) => hasher.hash(password),
    endSessionsOf: (userId) => auth.service.endSessionsOf(userId),
    mailer,
  });
  const housekeeping = createHousekeepingModule(deps, [
    { name: 'auth', everyMs: HOUSEKEEPING_EVERY_MS, run: () => auth.service.purgeExpired() },
    { name: 'activity', everyMs: HOUSEKEEPING_EVERY_MS, run: () => activity.repository.prune() },
    { name: 'activity-checkpoint', everyMs: CHECKPOINT_EVERY_MS, run: () => activity.checkpoints.write() },
    {
      name: 'password-recovery',
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: () => passwordRecovery.service.purgeExpired(),
    },
    {
      name: 'gateway-pairing',
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: () => gatewayPairing.service.pruneExpired(),
    },
    // Not expiry but the same once-per-deployment round: maintenance tasks that fell due by the days that passed.
    {
      name: 'maintenance-reminders',
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: () => maintenance.reminders.check(),
    },
    // What interrupted library uploads left, and library contents replaced or deleted a day ago (docs/design.md §13).
    { name: 'library-sweep', everyMs: HOUSEKEEPING_EVERY_MS, run: () => library.sweep() },
    // Licences nearing their end, told once per licence and end (docs/product.md §10).
    {
      name: 'licence-notices',
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: () => notifications.notifier.licencesExpiring(),
    },
  ]);
  return {
    mailer,
    health,
    housekeeping,
    auth,
    users,
    business,
    licenses,
    catalog,
    machineGroups,
    controllers,
    gateway,
    gatewayPairing,
    machineAccess,
    machineProxy,
    slicerAccess,
    webcam,
    liveStatus,
    tickets,
    serviceSessions,
    notifications,
    feed,
    maintenance,
    insight,
    library,
    printQueue,
    passwordRecovery,
    activity,
  };
}
export type Modules = ReturnType<typeof createModules>;

/** A route as registered: for the tests that hold every route to the authorization rules. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
}

export interface App {
  app: FastifyInstance;
  modules: Modules;
  routes: RegisteredRoute[];
  /** What `/metrics` serves on the metrics port (server.ts). */
  metrics: Metrics;
}

/**
 * Builds the whole application, in order: plugins, the public scope, the authenticated scope, the web
 * app. Routes are authenticated by default: only what a module lists as public answers without a session.
 * Listening is server.ts's job.
 */
export async function buildApp({
  config,
  db,
  clock = systemClock,
  logger = false,
  bus = new InProcessBus(),
  cluster,
  checkAnswers = false,
}: AppOptions): Promise<App> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slicer tokens travel in the path (`/customer/api/v1/duet/{id}/upload/{token}/`).
    routerOptions: { maxParamLength: 1000 },
    ...earlyErrorOptions,
    ...accessLogServerOptions({ requests: config.logRequests ?? true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer({ checkAnswers }));
  const metrics = createMetrics();
  const modules = createModules(
    { db, clock, config, bus },
    { metrics, cluster, warn: (error, message) => app.log.warn({ err: error }, message) },
  );
  metrics.gauge(
    'portal_tunnels_held',
    'Gateway tunnels this instance holds',
    () => modules.gateway.registry.onlineControllers().length,
  );
  metrics.gauge(
    'portal_status_streams_open',
    'Live status streams open on this instance',
    () => modules.liveStatus.streams.open,
  );
  // Some modules (machine access) serve others and add no routes of their own.
  const all = Object.values(modules) as ModuleRoutes[];

  const routes: RegisteredRoute[] = [];
  const record = (isPublic: boolean) => (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, public: isPublic });
  };

  // Registered first, so it runs last: after the modules have sent what they were sending.
  app.addHook('onClose', async () => modules.mailer.close());
  // Before the database closes: the activity entries waiting are written.
  app.addHook('onClose', async () => modules.activity.stop());
  await app.register(shutdownGracePlugin);
  await app.register(requestMetricsPlugin, { metrics });
  await app.register(bodyTimeoutsPlugin, { now: () => clock().getTime() });
  await app.register(errorHandlerPlugin);
  await app.register(forwardingHeadersPlugin, { trustProxy: config.trustProxy });
  await app.register(securityHeadersPlugin, { machineOrigins: config.machineOrigins });
  await app.register(apiNoStorePlugin);
  await app.register(openApiPlugin);

  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      record(true)(route);
      // OpenAPI shows these as needing no token.
      route.schema = { ...route.schema, security: [] };
    });
    for (const module of all) if (module.publicRoutes) await scope.register(module.publicRoutes);
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', record(false));
    await scope.register(authenticatePlugin, { verify: (token) => modules.auth.service.authenticate(token) });
    // Every administrative action may change who reaches which machine: each instance decides its grants again.
    modules.activity.recordAdministrativeActions(scope, () => modules.machineAccess.grantsMayHaveChanged());
    for (const module of all) if (module.routes) await scope.register(module.routes);
  });

  const publicUrl = new URL(config.publicUrl);
  await app.register(webAppPlugin, {
    webDist: config.webDist,
    localOrigin: publicUrl.hostname.endsWith('.localhost') ? publicUrl.origin : undefined,
  });
  return { app, modules, routes, metrics };
}

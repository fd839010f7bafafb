{{/*
Helpers of the Formloom chart. Most take a context dict:
  root — the chart's top-level context ($)
  name — the component's key in `components` (gateway, flows …)
  c    — the component's values merged over `default` (see formloom.component)
*/}}

{{/* The chart name. */}}
{{- define "formloom.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The release's full name: fullnameOverride, the release name when it holds the chart name, else <release>-<chart>. */}}
{{- define "formloom.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* chart-version for the helm.sh/chart label. */}}
{{- define "formloom.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Deep merge of two maps, (list base override) → YAML: maps merge key by key, anything else in `override`
(false, 0, "", lists) replaces. Unlike sprig's mergeOverwrite, `enabled: false` over `enabled: true` wins.
*/}}
{{- define "formloom.deepMerge" -}}
{{- $base := deepCopy (index . 0 | default dict) }}
{{- range $key, $value := (index . 1 | default dict) }}
{{- $current := get $base $key }}
{{- if and (kindIs "map" $value) (kindIs "map" $current) }}
{{- $_ := set $base $key (include "formloom.deepMerge" (list $current $value) | fromYaml) }}
{{- else }}
{{- $_ := set $base $key $value }}
{{- end }}
{{- end }}
{{- toYaml $base }}
{{- end }}

{{/* A component's values merged over `default`, as YAML: (dict "root" $ "name" <key>). */}}
{{- define "formloom.component" -}}
{{- $raw := index .root.Values.components .name | default dict }}
{{- $c := include "formloom.deepMerge" (list .root.Values.default $raw) | fromYaml }}
{{- if not (has $c.role (list "gateway" "service" "static")) }}
{{- fail (printf "components.%s.role must be gateway, service or static (got %v)" .name $c.role) }}
{{- end }}
{{- if not $c.image.repository }}
{{- fail (printf "components.%s.image.repository is required" .name) }}
{{- end }}
{{- if and (eq $c.role "service") (not $c.database) }}
{{- fail (printf "components.%s.database is required for a service" .name) }}
{{- end }}
{{- toYaml $c }}
{{- end }}

{{/* Names of the enabled components with role `role`: (dict "root" $ "role" "service") → YAML list. */}}
{{- define "formloom.componentsWithRole" -}}
{{- $names := list }}
{{- range $name, $_ := .root.Values.components }}
{{- $c := include "formloom.component" (dict "root" $.root "name" $name) | fromYaml }}
{{- if and $c.enabled (eq $c.role $.role) }}
{{- $names = append $names $name }}
{{- end }}
{{- end }}
{{- toYaml $names }}
{{- end }}

{{/* <fullname>-<component>: the name of a component's Deployment, Service, ConfigMap, ServiceAccount … */}}
{{- define "formloom.componentFullname" -}}
{{- printf "%s-%s" (include "formloom.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels that select a component's pods. */}}
{{- define "formloom.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{/* Labels of every resource of the release (not component-specific). */}}
{{- define "formloom.commonLabels" -}}
helm.sh/chart: {{ include "formloom.chart" . }}
app.kubernetes.io/part-of: formloom
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Standard labels of a component's resources. */}}
{{- define "formloom.labels" -}}
{{ include "formloom.selectorLabels" . }}
app.kubernetes.io/component: {{ .c.role }}
{{ include "formloom.commonLabels" .root }}
{{- end }}

{{/* Labels of the whole release (Secret, Ingress, PrometheusRule …). */}}
{{- define "formloom.releaseLabels" -}}
app.kubernetes.io/name: {{ include "formloom.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{ include "formloom.commonLabels" . }}
{{- end }}

{{/* A component's image: [imageRegistry/]repository:tag (tag defaults to the appVersion). */}}
{{- define "formloom.image" -}}
{{- $registry := .root.Values.imageRegistry }}
{{- $tag := .c.image.tag | default .root.Chart.AppVersion | toString }}
{{- if $registry }}{{ printf "%s/" (trimSuffix "/" $registry) }}{{ end }}{{ .c.image.repository }}:{{ $tag }}
{{- end }}

{{/* The Secret the pods read: secrets.existingSecret or <fullname>. */}}
{{- define "formloom.secretName" -}}
{{- .Values.secrets.existingSecret | default (include "formloom.fullname" .) }}
{{- end }}

{{/* The full name a dependency chart gives its resources (bitnami's common.names.fullname): (dict "root" $ "chart" "kafka"). */}}
{{- define "formloom.dependencyFullname" -}}
{{- $values := index .root.Values .chart | default dict }}
{{- if $values.fullnameOverride }}
{{- $values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .chart $values.nameOverride }}
{{- if contains $name .root.Release.Name }}
{{- .root.Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .root.Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* URL-escapes a user or password for a URL's userinfo (spaces as %20). */}}
{{- define "formloom.urlEscape" -}}
{{- . | toString | urlquery | replace "+" "%20" }}
{{- end }}

{{/* A service's DATABASE_URL: (dict "root" $ "database" "formloom_flows"). */}}
{{- define "formloom.databaseUrl" -}}
{{- $v := .root.Values }}
{{- $host := $v.database.host }}
{{- $user := $v.database.username }}
{{- $password := $v.database.password }}
{{- if $v.postgresql.enabled }}
{{- $host = $host | default (include "formloom.dependencyFullname" (dict "root" .root "chart" "postgresql")) }}
{{- $user = $user | default $v.postgresql.auth.username }}
{{- $password = $password | default $v.postgresql.auth.password }}
{{- end }}
{{- $host = required "database.host is required when postgresql.enabled is false (or use secrets.existingSecret)" $host }}
{{- $user = required "database.username (or postgresql.auth.username) is required" $user }}
{{- $password = required "database.password (or postgresql.auth.password) is required (or use secrets.existingSecret)" $password }}
{{- printf "postgres://%s:%s@%s:%v/%s" (include "formloom.urlEscape" $user) (include "formloom.urlEscape" $password) $host $v.database.port .database }}
{{- with $v.database.options }}?{{ . }}{{ end }}
{{- end }}

{{/* KAFKA_BROKERS: bus.kafka.brokers, or the bundled Kafka's client service. */}}
{{- define "formloom.kafkaBrokers" -}}
{{- if .Values.bus.kafka.brokers }}
{{- .Values.bus.kafka.brokers }}
{{- else if .Values.kafka.enabled }}
{{- printf "%s:9092" (include "formloom.dependencyFullname" (dict "root" . "chart" "kafka")) }}
{{- else }}
{{- fail "bus.kafka.brokers is required when bus.type is kafka and kafka.enabled is false" }}
{{- end }}
{{- end }}

{{/*
KAFKA_SSL_CA_FILE: where a service pod sees the brokers' CA (bus.kafka.tls.ca, mounted from its Secret or
ConfigMap by templates/components.yaml), or "" without a CA.
*/}}
{{- define "formloom.kafkaCaFile" -}}
{{- $ca := .Values.bus.kafka.tls.ca }}
{{- if and $ca.secretName $ca.configMapName }}
{{- fail "bus.kafka.tls.ca: set secretName or configMapName, not both" }}
{{- end }}
{{- if or $ca.secretName $ca.configMapName }}
{{- printf "/etc/formloom/kafka-ca/%s" ($ca.key | default "ca.crt") }}
{{- end }}
{{- end }}

{{/* REDIS_URL: bus.redis.url, or the bundled Redis's master service. */}}
{{- define "formloom.redisUrl" -}}
{{- if .Values.bus.redis.url }}
{{- .Values.bus.redis.url }}
{{- else if .Values.redis.enabled }}
{{- $host := printf "%s-master" (include "formloom.dependencyFullname" (dict "root" . "chart" "redis")) }}
{{- if .Values.redis.auth.enabled }}
{{- $password := required "redis.auth.password is required when redis.auth.enabled (or use secrets.existingSecret)" .Values.redis.auth.password }}
{{- printf "redis://:%s@%s:6379" (include "formloom.urlEscape" $password) $host }}
{{- else }}
{{- printf "redis://%s:6379" $host }}
{{- end }}
{{- else }}
{{- fail "bus.redis.url is required when bus.type is redis and redis.enabled is false" }}
{{- end }}
{{- end }}

{{/* The keys of the chart-made Secret (see README "Secrets"), as YAML of plain strings. */}}
{{- define "formloom.secretData" -}}
{{- $v := .Values }}
{{- $data := dict "internal-token" (required "secrets.internalToken is required (16+ characters), or set secrets.existingSecret" $v.secrets.internalToken) }}
{{- if lt (len $v.secrets.internalToken) 16 }}
{{- fail "secrets.internalToken must be at least 16 characters" }}
{{- end }}
{{- if has "workspaces-auth" (include "formloom.componentsWithRole" (dict "root" . "role" "service") | fromYamlArray) }}
{{- $_ := set $data "auth-key-encryption-secret" (required "secrets.authKeyEncryptionSecret is required (16+ characters, never changed once set), or set secrets.existingSecret" $v.secrets.authKeyEncryptionSecret) }}
{{- end }}
{{- with $v.secrets.smtpUrl }}
{{- $_ := set $data "smtp-url" . }}
{{- end }}
{{- with $v.secrets.challengeSecretKey }}
{{- $_ := set $data "challenge-secret-key" . }}
{{- end }}
{{- with $v.secrets.fileStorageS3AccessKeyId }}
{{- $_ := set $data "file-storage-s3-access-key-id" . }}
{{- end }}
{{- with $v.secrets.fileStorageS3SecretAccessKey }}
{{- $_ := set $data "file-storage-s3-secret-access-key" . }}
{{- end }}
{{- with $v.secrets.webhookSecretEncryptionKey }}
{{- $_ := set $data "webhook-secret-encryption-key" . }}
{{- end }}
{{- with $v.secrets.aiApiKey }}
{{- $_ := set $data "ai-api-key" . }}
{{- end }}
{{- with $v.secrets.credentialsEncryptionKeys }}
{{- $_ := set $data "credentials-encryption-keys" . }}
{{- end }}
{{- with $v.secrets.oauthClients }}
{{- $_ := set $data "oauth-clients" . }}
{{- end }}
{{- range $name := include "formloom.componentsWithRole" (dict "root" . "role" "service") | fromYamlArray }}
{{- $c := include "formloom.component" (dict "root" $ "name" $name) | fromYaml }}
{{- $_ := set $data (printf "%s-database-url" $name) (include "formloom.databaseUrl" (dict "root" $ "database" $c.database)) }}
{{- end }}
{{- if eq $v.bus.type "redis" }}
{{- $_ := set $data "redis-url" (include "formloom.redisUrl" .) }}
{{- end }}
{{- if and (eq $v.bus.type "kafka") $v.bus.kafka.sasl.mechanism }}
{{- $_ := set $data "kafka-sasl-password" (required "bus.kafka.sasl.password is required with bus.kafka.sasl.mechanism (or set secrets.existingSecret with the key kafka-sasl-password)" $v.bus.kafka.sasl.password) }}
{{- end }}
{{- toYaml $data }}
{{- end }}

{{/*
The services a component calls, as a YAML list (ctx dict): the gateway every enabled `service` component, a
service its `calls`; a callee that is not an enabled service component fails the render.
*/}}
{{- define "formloom.callees" -}}
{{- $services := include "formloom.componentsWithRole" (dict "root" .root "role" "service") | fromYamlArray }}
{{- if eq .c.role "gateway" }}
{{- toYaml $services }}
{{- else }}
{{- range $callee := .c.calls | default list }}
{{- if not (has $callee $services) }}
{{- fail (printf "components.%s.calls: %s is not an enabled service component" $.name $callee) }}
{{- end }}
{{- end }}
{{- toYaml (.c.calls | default list) }}
{{- end }}
{{- end }}

{{/* A component's plain environment (its ConfigMap), as YAML. */}}
{{- define "formloom.configEnv" -}}
{{- $root := .root }}
{{- $v := $root.Values }}
{{- $env := dict "NODE_ENV" "production" "HOST" "0.0.0.0" "PORT" (toString .c.containerPort) "LOG_LEVEL" $v.logLevel }}
{{- $_ := set $env "OTEL_SERVICE_NAME" .name }}
{{- $_ := set $env "METRICS_ENABLED" (toString $v.observability.metricsEnabled) }}
{{- with $v.observability.otlpEndpoint }}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" . }}
{{- end }}
{{- /*
The base URL (<NAME>_URL) of each service the component calls (formloom.callees): the gateway every enabled
service, a service only its `calls` (the manifest's). A service that calls workspaces-auth, which serves the
JWKS, verifies tokens with it: AUTH_JWKS_URL.
*/}}
{{- range $callee := include "formloom.callees" . | fromYamlArray }}
{{- $cc := include "formloom.component" (dict "root" $root "name" $callee) | fromYaml }}
{{- $url := printf "http://%s:%v" (include "formloom.componentFullname" (dict "root" $root "name" $callee)) $cc.service.port }}
{{- $_ := set $env (printf "%s_URL" ($callee | upper | replace "-" "_")) $url }}
{{- if and (eq $callee "workspaces-auth") (eq $.c.role "service") }}
{{- $_ := set $env "AUTH_JWKS_URL" (printf "%s/.well-known/jwks.json" $url) }}
{{- end }}
{{- end }}
{{- /* The gateway renders the public form's page from the web image's shell (form.html): WEB_URL. */}}
{{- if eq .c.role "gateway" }}
{{- range $static := include "formloom.componentsWithRole" (dict "root" $root "role" "static") | fromYamlArray }}
{{- $sc := include "formloom.component" (dict "root" $root "name" $static) | fromYaml }}
{{- $_ := set $env "WEB_URL" (printf "http://%s:%v" (include "formloom.componentFullname" (dict "root" $root "name" $static)) $sc.service.port) }}
{{- end }}
{{- end }}
{{- if eq .c.role "service" }}
{{- $_ := set $env "EVENT_BUS" $v.bus.type }}
{{- if eq $v.bus.type "kafka" }}
{{- $_ := set $env "KAFKA_BROKERS" (include "formloom.kafkaBrokers" $root) }}
{{- $_ := set $env "KAFKA_CLIENT_ID" .name }}
{{- $_ := set $env "KAFKA_TOPIC_PREFIX" $v.bus.kafka.topicPrefix }}
{{- /* TLS and SASL; the SASL password comes from the Secret (templates/components.yaml), never from here. */}}
{{- $tls := $v.bus.kafka.tls }}
{{- $caFile := include "formloom.kafkaCaFile" $root }}
{{- if or $tls.enabled $caFile }}
{{- $_ := set $env "KAFKA_SSL" "true" }}
{{- $_ := set $env "KAFKA_SSL_REJECT_UNAUTHORIZED" (toString $tls.rejectUnauthorized) }}
{{- with $caFile }}
{{- $_ := set $env "KAFKA_SSL_CA_FILE" . }}
{{- end }}
{{- else if eq (toString $tls.rejectUnauthorized) "false" }}
{{- fail "bus.kafka.tls.rejectUnauthorized: false needs TLS (bus.kafka.tls.enabled or bus.kafka.tls.ca)" }}
{{- end }}
{{- with $v.bus.kafka.sasl.mechanism }}
{{- $_ := set $env "KAFKA_SASL_MECHANISM" . }}
{{- $_ := set $env "KAFKA_SASL_USERNAME" (required "bus.kafka.sasl.username is required with bus.kafka.sasl.mechanism" $v.bus.kafka.sasl.username) }}
{{- end }}
{{- end }}
{{- end }}
{{- range $key, $value := .c.env }}
{{- $_ := set $env $key (tpl (toString $value) $root) }}
{{- end }}
{{- toYaml $env }}
{{- end }}

{{/* The Helm hooks of the migrations Jobs (see values: migrations.hooks). */}}
{{- define "formloom.migrationHooks" -}}
{{- if .Values.migrations.hooks }}
{{- join "," .Values.migrations.hooks }}
{{- else if .Values.postgresql.enabled }}
{{- "post-install,pre-upgrade" }}
{{- else }}
{{- "pre-install,pre-upgrade" }}
{{- end }}
{{- end }}

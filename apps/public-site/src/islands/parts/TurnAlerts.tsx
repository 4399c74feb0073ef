import type { AlertChannel, AlertMoment, TurnAlertSettings } from '@chairline/shared';
import { ALERT_MOMENTS } from '@chairline/shared/turn-alert-rules';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  alertSentence,
  buildAlertInput,
  CHANNEL_HINTS,
  CHANNEL_LABELS,
  fieldOfServerError,
  firstWrongField,
  MOMENT_LABELS,
  offeredChannels,
  withPushSubscription,
  type AlertFieldErrors,
  type AlertFields,
} from '../../lib/turn-alert-form.js';
import { fetchAlerts, saveAlerts, turnOffAlerts } from '../../lib/turn-alerts-api.js';
import { PUSH_MESSAGES, pushSupport, subscribeToPush, workerScope, type PushSupport } from '../../lib/web-push.js';
import '../../styles/turn-alerts.css';

interface Props {
  token: string;
}

const EMPTY: AlertFields = { channel: '', when: '', email: '' };

/**
 * "Get a turn alert" on a waiting ticket: how (only the channels this server can send) and when.
 * Once saved it shows the choice in words with "Change" and "Turn off alerts".
 */
export function TurnAlerts({ token }: Props) {
  const id = useId();
  const [settings, setSettings] = useState<TurnAlertSettings | null>(null);
  const [loadError, setLoadError] = useState('');
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState<AlertFields>(EMPTY);
  const [errors, setErrors] = useState<AlertFieldErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState<'saving' | 'turning-off' | null>(null);
  const [support, setSupport] = useState<PushSupport>('unsupported');
  const [notice, setNotice] = useState('');
  // Which element takes focus after the next render: the first wrong field, the form's error, the summary.
  const [focusTarget, setFocusTarget] = useState<{ to: 'channel' | 'when' | 'email' | 'form-error' | 'summary' | 'chooser'; at: number } | null>(null);

  const channelInputs = useRef(new Map<AlertChannel, HTMLInputElement>());
  const whenInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const formErrorBox = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setSupport(pushSupport());
    let current = true;
    void fetchAlerts(token).then((result) => {
      if (!current) return;
      if (result.ok) setSettings(result.data);
      else setLoadError(result.message);
    });
    return () => {
      current = false;
    };
  }, [token]);

  const channels = settings ? offeredChannels(settings.available, settings.push_public_key, support !== 'unsupported') : [];

  useEffect(() => {
    if (!focusTarget) return;
    const { to } = focusTarget;
    if (to === 'channel') (channelInputs.current.get(fields.channel || (channels[0] ?? 'sms')) ?? channelInputs.current.values().next().value)?.focus();
    else if (to === 'when') whenInput.current?.focus();
    else if (to === 'email') emailInput.current?.focus();
    else if (to === 'form-error') formErrorBox.current?.focus();
    else if (to === 'summary') summary.current?.focus();
    else heading.current?.focus();
    // Only a new request moves focus (the effect follows focusTarget alone): typing never pulls it elsewhere.
  }, [focusTarget]);

  if (!settings) {
    // Alerts are an extra: when they cannot be loaded the ticket still works, so say so quietly.
    return loadError ? (
      <p className="hint turn-alerts-unavailable" role="status">
        Turn alerts are not available right now.
      </p>
    ) : null;
  }

  const pushOnServer = settings.available.push && settings.push_public_key !== null;
  if (channels.length === 0 && !pushOnServer) return null;

  const chosen = alertSentence(settings);
  const showForm = editing || !chosen;

  function update<K extends keyof AlertFields>(key: K, value: AlertFields[K]) {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function refuse(next: AlertFieldErrors) {
    setErrors(next);
    const first = firstWrongField(next);
    if (first) setFocusTarget({ to: first, at: Date.now() });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !settings) return;
    setFormError('');
    setNotice('');
    const built = buildAlertInput(fields);
    if (!built.ok) return refuse(built.errors);
    setErrors({});
    setBusy('saving');
    let input = built.input;
    if (input.channel === 'push') {
      // Straight from the click: browsers only show the permission prompt for a person's action.
      const push = await subscribeToPush(settings.push_public_key ?? '', workerScope(window.location.pathname));
      if (!push.ok) {
        setBusy(null);
        if (push.reason !== 'failed') setSupport(pushSupport());
        return refuse({ channel: PUSH_MESSAGES[push.reason] });
      }
      input = withPushSubscription(input, push.subscription);
    }
    const result = await saveAlerts(token, input);
    setBusy(null);
    if (result.ok) {
      setSettings(result.data);
      setEditing(false);
      setFields(EMPTY);
      setFocusTarget({ to: 'summary', at: Date.now() });
      return;
    }
    const field = fieldOfServerError(result.message, fields.channel);
    if (field) return refuse({ [field]: result.message });
    setFormError(result.message);
    setFocusTarget({ to: 'form-error', at: Date.now() });
  }

  async function turnOff() {
    if (busy) return;
    setFormError('');
    setBusy('turning-off');
    const result = await turnOffAlerts(token);
    setBusy(null);
    if (result.ok) {
      setSettings(result.data);
      setEditing(false);
      setFields(EMPTY);
      setNotice('Turn alerts are off.');
      setFocusTarget({ to: 'chooser', at: Date.now() });
    } else {
      setFormError(result.message);
      setFocusTarget({ to: 'form-error', at: Date.now() });
    }
  }

  function change() {
    if (!settings) return;
    setNotice('');
    setFormError('');
    setErrors({});
    // The saved address is only known masked: an email choice asks for it again.
    setFields({ channel: settings.channel && channels.includes(settings.channel) ? settings.channel : '', when: settings.when ?? '', email: '' });
    setEditing(true);
    setFocusTarget({ to: 'channel', at: Date.now() });
  }

  const describedBy = (key: keyof AlertFieldErrors, ...more: string[]) =>
    [...more, errors[key] ? `${id}-${key}-error` : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (key: keyof AlertFieldErrors) =>
    errors[key] ? (
      <p className="field-error" id={`${id}-${key}-error`} role="alert">
        {errors[key]}
      </p>
    ) : null;

  const formErrorAlert = formError && (
    <div className="alert" role="alert" ref={formErrorBox} tabIndex={-1}>
      {formError}
    </div>
  );

  return (
    <section className="panel turn-alerts" aria-labelledby={`${id}-title`} data-alerts={showForm ? 'choosing' : 'chosen'}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {showForm ? 'Get a turn alert' : 'Turn alert'}
      </h2>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {!showForm && (
        <>
          <p className="turn-alerts-chosen" ref={summary} tabIndex={-1}>
            {chosen}
          </p>
          <p className="hint">We'll also tell you when it's your turn.</p>
          {formErrorAlert}
          <div className="button-row">
            <button type="button" className="btn btn-secondary" onClick={change} disabled={busy !== null}>
              Change
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => void turnOff()} disabled={busy !== null}>
              {busy === 'turning-off' ? 'Turning off…' : 'Turn off alerts'}
            </button>
          </div>
        </>
      )}
      {showForm && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p className="muted">Close this page if you like: we'll tell you when your turn is near, and when it's your turn.</p>
          <fieldset className="field choices" aria-describedby={describedBy('channel')}>
            <legend>How should we tell you?</legend>
            {channels.map((channel) => (
              <label className="choice" key={channel}>
                <input
                  type="radio"
                  name="channel"
                  value={channel}
                  ref={(el) => {
                    if (el) channelInputs.current.set(channel, el);
                    else channelInputs.current.delete(channel);
                  }}
                  checked={fields.channel === channel}
                  onChange={() => update('channel', channel)}
                  aria-invalid={errors.channel ? true : undefined}
                  aria-describedby={`${id}-${channel}-hint`}
                />
                <span className="choice-name">{CHANNEL_LABELS[channel]}</span>
                <span className="choice-meta" id={`${id}-${channel}-hint`}>
                  {CHANNEL_HINTS[channel]}
                </span>
              </label>
            ))}
            {pushOnServer && support === 'unsupported' && <p className="hint">{PUSH_MESSAGES.unsupported}</p>}
            {pushOnServer && support === 'denied' && !errors.channel && <p className="hint">{PUSH_MESSAGES.denied}</p>}
            {fieldError('channel')}
          </fieldset>
          {fields.channel === 'email' && (
            <div className="field">
              <label htmlFor={`${id}-email`}>Email address</label>
              <input
                ref={emailInput}
                id={`${id}-email`}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={fields.email}
                onChange={(e) => update('email', e.target.value)}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy('email', settings.channel === 'email' && settings.email ? `${id}-email-hint` : '')}
                maxLength={254}
                required
              />
              {settings.channel === 'email' && settings.email && (
                <p className="hint" id={`${id}-email-hint`}>
                  Now: {settings.email}. Enter the address again to keep it.
                </p>
              )}
              {fieldError('email')}
            </div>
          )}
          <fieldset className="field choices" aria-describedby={describedBy('when')}>
            <legend>When?</legend>
            {ALERT_MOMENTS.map((moment: AlertMoment, index) => (
              <label className="choice" key={moment}>
                <input
                  type="radio"
                  name="when"
                  value={moment}
                  ref={index === 0 ? whenInput : undefined}
                  checked={fields.when === moment}
                  onChange={() => update('when', moment)}
                  aria-invalid={errors.when ? true : undefined}
                />
                <span className="choice-name">{MOMENT_LABELS[moment]}</span>
              </label>
            ))}
            {fieldError('when')}
          </fieldset>
          {formErrorAlert}
          <div className="button-row">
            <button type="submit" className="btn" disabled={busy !== null}>
              {busy === 'saving' ? 'Saving…' : 'Save'}
            </button>
            {editing && chosen && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  setEditing(false);
                  setErrors({});
                  setFormError('');
                }}
                disabled={busy !== null}
              >
                Keep my alert
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}

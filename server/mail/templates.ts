import type { EmailKind, EmailMessage } from './mailer.ts';

/** A queued e-mail's kind, from the subject its template wrote (tests/api/log-secrets.test.ts checks it). */
export function emailKindOf(subject: string): EmailKind {
  if (/ - Your confirmation code is \d+$/.test(subject)) return 'confirm-code';
  if (/ - Password recovery for user \S+$/.test(subject)) return 'reset-password';
  if (/ - New account for user \S+$/.test(subject)) return 'new-account';
  if (/ - Test email$/.test(subject)) return 'test';
  return 'other';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function layout(projectName: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(projectName)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#1a202c">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="margin:0 0 16px;font-size:20px;color:#009688">${escapeHtml(projectName)}</h1>
${body}
</td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#009688;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>`;

export interface TemplateContext {
  projectName: string;
  frontendHost: string;
}

export function resetPasswordEmail(
  ctx: TemplateContext,
  to: string,
  token: string,
  validHours: number,
): EmailMessage {
  const link = `${ctx.frontendHost}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    kind: 'reset-password',
    to,
    subject: `${ctx.projectName} - Password recovery for user ${to}`,
    highlight: link,
    html: layout(
      ctx.projectName,
      `<p>Hello ${escapeHtml(to)},</p>
<p>We received a request to recover your password. Click the button below to choose a new one:</p>
${button(link, 'Reset password')}
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link expires in ${validHours} hours. If you did not ask to recover your password, you can ignore this e-mail.</p>`,
    ),
  };
}

export function newAccountEmail(ctx: TemplateContext, to: string): EmailMessage {
  return {
    kind: 'new-account',
    to,
    subject: `${ctx.projectName} - New account for user ${to}`,
    highlight: ctx.frontendHost,
    html: layout(
      ctx.projectName,
      `<p>Welcome! An account was created for you with the username <strong>${escapeHtml(to)}</strong>.</p>
<p>Ask the person who created it for your password, or choose a new one with “Forgot password?” on the login page.</p>
${button(ctx.frontendHost, 'Go to the dashboard')}`,
    ),
  };
}

export function testEmail(ctx: TemplateContext, to: string): EmailMessage {
  return {
    kind: 'test',
    to,
    subject: `${ctx.projectName} - Test email`,
    html: layout(ctx.projectName, `<p>Test email for: ${escapeHtml(to)}</p><p>E-mail delivery works.</p>`),
  };
}

export function confirmEmailCodeEmail(
  ctx: TemplateContext,
  to: string,
  code: string,
  validHours: number,
): EmailMessage {
  return {
    kind: 'confirm-code',
    to,
    subject: `${ctx.projectName} - Your confirmation code is ${code}`,
    highlight: code,
    html: layout(
      ctx.projectName,
      `<p>Hello ${escapeHtml(to)},</p>
<p>Use this code to confirm your e-mail address:</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold;margin:16px 0" data-confirm-code="${code}">${code}</p>
<p>The code expires in ${validHours} hours.</p>`,
    ),
  };
}

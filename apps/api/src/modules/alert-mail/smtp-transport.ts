import nodemailer from 'nodemailer';
import type { MailTransport } from './alert-mail.service.js';

/**
 * SMTP_URL's server through nodemailer, one connection per message (mail is rare: no pool to keep
 * alive), each step timed out so a silent server fails the try instead of holding it.
 */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: (mail) => transporter.sendMail(mail),
    close: () => transporter.close(),
  };
}

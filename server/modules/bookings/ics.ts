// The calendar invitation of a consultation (RFC 5545, iTIP's METHOD:REQUEST or CANCEL):
// one VEVENT whose UID stays the booking's, whose SEQUENCE rises with each reschedule, and
// whose times are UTC (a "Z" time needs no VTIMEZONE; calendars show it in their own zone).

export interface Invitation {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  /** UTC ISO instants. */
  start: string;
  end: string;
  /** When the invitation is made (DTSTAMP). */
  stamp: string;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** "20261203T080000Z": an instant as iCalendar's UTC DATE-TIME. */
export function icsTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** A parameter value (CN): quoted, without the characters a quoted value cannot hold. */
const paramText = (value: string) => `"${value.replace(/["\r\n]/g, "")}"`;

/** Folds a content line at 75 octets (continuation lines start with a space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const length = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74;
    if (size + length > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** The invitation as an .ics file's text (CRLF line ends). */
export function invitationIcs(event: Invitation): string {
  const cancelled = event.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//agency-site//consultations//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `ORGANIZER;CN=${paramText(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${paramText(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`,
    `STATUS:${cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

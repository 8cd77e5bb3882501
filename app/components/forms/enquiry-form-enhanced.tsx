import { type ReactNode } from "react";
import { useFormAction } from "react-router";
import { messages } from "../../../common/messages.ts";
import { contractOptions } from "../../copy/packages-copy.ts";
import { enquiryPayload, formValues, type EnquiryFormKind } from "../../lib/enquiry-payload.ts";
import { currentLeadSource } from "../../lib/lead-source.ts";
import type { FormResult } from "../../lib/form-result.ts";
import type { SlotDay } from "../../../common/booking.ts";
import {
  CheckboxGroup,
  FormStatus,
  Honeypot,
  PhoneField,
  SelectField,
  SlotPicker,
  SubmitButton,
  TextArea,
  TextField,
} from "./fields.tsx";
import { useJsonSubmit } from "./use-form-submit.ts";

const text = (values: FormResult["values"], name: string) => {
  const value = values?.[name];
  return Array.isArray(value) ? value[0] : value;
};
const list = (values: FormResult["values"], name: string) => {
  const value = values?.[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

export interface EnquiryFormProps {
  kind: EnquiryFormKind;
  /** Tells this form's no-JavaScript result apart from other forms on the page. */
  intent?: string;
  /** Service forms: the service name (serviceType) and its blocks (the options). */
  serviceName?: string;
  options?: readonly string[];
  submitLabel: string;
  busyLabel: string;
  heading?: ReactNode;
  /** Two columns for the short fields on wide screens. */
  wide?: boolean;
  /** Package form: the names of the packages to choose from (the site's packages). */
  packages?: readonly string[];
  /** Package form: the package selected until the visitor picks another (`?package=`). */
  defaultPackage?: string;
  /**
   * Contact page quick form: the free consultation slots, offered in place of the date
   * (booked through /api/bookings); none free, the date field as before.
   */
  slots?: readonly SlotDay[];
}

/**
 * Every enquiry form of the public site (home, floating, service, package and contact forms)
 * with its submit handling. Pages show it through `EnquiryForm` of enquiry-form.tsx, which
 * loads this module when the form is about to be used (docs/decisions/0016).
 */
export function EnquiryForm({
  kind,
  intent = kind,
  serviceName,
  options = [],
  submitLabel,
  busyLabel,
  heading,
  wide = false,
  packages = [],
  defaultPackage,
  slots = [],
}: EnquiryFormProps) {
  const action = useFormAction();
  const { formRef, onSubmit, status, busy, values, errorFor } = useJsonSubmit({
    intent,
    schema: "enquiry",
    url: "/api/contact",
    payload: (form) => enquiryPayload(kind, formValues(new FormData(form)), currentLeadSource()),
    successMessage: () => messages.submitSuccess,
  });
  const grid = wide ? "grid gap-4 sm:grid-cols-2" : "grid gap-4";
  const company = kind === "service" || kind === "package" || kind === "long";
  const quick = kind === "quick";

  return (
    <form
      ref={formRef}
      id={intent}
      method="post"
      action={`${action}#${intent}`}
      noValidate={!quick}
      onSubmit={onSubmit}
      aria-busy={busy}
      data-island="form"
      className="relative space-y-4"
    >
      {heading}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      {serviceName && <input type="hidden" name="serviceType" value={serviceName} />}
      <Honeypot />
      <div className={grid}>
        {company && (
          <TextField
            label="Company Name"
            name="companyName"
            required
            error={errorFor("companyName")}
            autoComplete="organization"
            defaultValue={text(values, "companyName")}
          />
        )}
        <TextField
          label="Full Name"
          name="name"
          required
          error={errorFor("name")}
          browserRequired={quick}
          autoComplete="name"
          defaultValue={text(values, "name")}
        />
        <TextField
          label="Email Address"
          name="email"
          type="email"
          required
          error={errorFor("email")}
          browserRequired={quick}
          autoComplete="email"
          defaultValue={text(values, "email")}
        />
        <PhoneField
          name={quick ? "phone" : "phoneNumber"}
          required={quick}
          browserRequired={quick}
          defaultValue={text(values, quick ? "phone" : "phoneNumber")}
          error={errorFor(quick ? "phone" : "phoneNumber")}
        />
        {quick && slots.length > 0 && (
          <SlotPicker
            legend="Preferred Date"
            days={slots}
            defaultValue={text(values, "slot")}
            error={errorFor("slot")}
          />
        )}
        {quick && slots.length === 0 && (
          <TextField
            label="Preferred Date"
            name="date"
            type="date"
            required
            error={errorFor("date")}
            browserRequired
            defaultValue={text(values, "date")}
          />
        )}
        {kind === "package" && (
          <>
            <SelectField
              label="Package"
              name="package"
              options={packages}
              defaultValue={text(values, "package") ?? defaultPackage}
            />
            <TextField
              label="Instagram Handle"
              name="instagram"
              placeholder="@yourbrand"
              defaultValue={text(values, "instagram")}
            />
            <TextField
              label="Website"
              name="website"
              type="url"
              placeholder="https://"
              defaultValue={text(values, "website")}
            />
          </>
        )}
      </div>
      {(kind === "service" || kind === "long") && (
        <CheckboxGroup
          legend={kind === "long" ? "Services you are interested in" : "What do you need?"}
          name="options"
          options={options}
          required
          defaultChecked={list(values, "options")}
          error={errorFor("options")}
        />
      )}
      {kind === "package" && (
        <CheckboxGroup
          legend="Contract"
          name="options"
          type="radio"
          options={contractOptions}
          required
          defaultChecked={list(values, "options")}
          error={errorFor("options")}
        />
      )}
      {(kind === "home" || kind === "floating") && (
        <TextArea
          label="Message"
          name="textarea"
          defaultValue={text(values, "textarea")}
          error={errorFor("textarea")}
        />
      )}
      {(quick || kind === "long") && (
        <TextArea
          label="Message"
          name="message"
          required={quick}
          browserRequired={quick}
          defaultValue={text(values, "message")}
          error={errorFor("message")}
        />
      )}
      <FormStatus status={status} />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
    </form>
  );
}

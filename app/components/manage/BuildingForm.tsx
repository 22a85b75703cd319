import { type FieldMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useRouteLoaderData } from "react-router";
import { formTokenField } from "~/http/form-token-field.ts";
import type { RootData } from "~/http/root-data.ts";
import { type BuildingDetails, buildingLimits, buildingSchema, weekDays } from "~/site/building.ts";
import { dirtyOrTouched, FormAlert, liveFormProps, TextField } from "../forms.tsx";
import { RowButtons, smallButton } from "./RowButtons.tsx";

/**
 * The most fields the form sends: the name, address and map (8), two times a day, three a
 * contact and a profile, the enquiry address, the social link (2), the token and a button.
 */
export const buildingFormFields =
  8 + 2 * weekDays.length + 3 * (buildingLimits.contacts + buildingLimits.profiles) + 1 + 2 + 2;

interface Recipient {
  address: string;
  override: boolean;
}

const sectionClass = "min-w-0 scroll-mt-6 rounded-xl border border-sandstone-300 bg-white p-4 sm:p-5";
const legendClass = "px-1 text-xl font-semibold text-heritage-900";

/**
 * The building's details as one form. Its list buttons (add, remove, move) work with
 * JavaScript on or off: conform applies them in the browser, or the server sends the form back.
 */
export function BuildingForm({
  details,
  recipient,
  lastResult,
}: {
  details: BuildingDetails;
  recipient: Recipient;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const root = useRouteLoaderData<RootData>("root");
  const [form, fields] = useForm<BuildingDetails>({
    id: "building",
    lastResult,
    defaultValue: details,
    ...dirtyOrTouched,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: buildingSchema }),
  });
  const address = fields.address.getFieldset();
  const map = fields.map.getFieldset();
  const social = fields.social.getFieldset();
  const mapLink = `https://www.openstreetmap.org/?mlat=${details.map.latitude}&mlon=${details.map.longitude}#map=${details.map.zoom}/${details.map.latitude}/${details.map.longitude}`;
  return (
    <Form method="post" {...liveFormProps(form)} noValidate className="mt-6 max-w-3xl space-y-6">
      <input type="hidden" name={formTokenField} value={root?.formToken ?? ""} />
      <fieldset id="address" className={sectionClass}>
        <legend className={legendClass}>Name and address</legend>
        <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField label="Name (the line above the address)" field={fields.nameLine} type="text" />
          </div>
          <div className="sm:col-span-2">
            <TextField label="Street" field={address.street} type="text" autoComplete="address-line1" />
          </div>
          <TextField label="Suburb" field={address.suburb} type="text" autoComplete="address-level2" />
          <div className="grid grid-cols-2 gap-x-4">
            <TextField label="State" field={address.state} type="text" autoComplete="address-level1" />
            <TextField
              label="Postcode"
              field={address.postcode}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
            />
          </div>
        </div>
      </fieldset>

      <fieldset id="map" className={sectionClass}>
        <legend className={legendClass}>Map position</legend>
        <p className="mt-1 text-sm text-slate-700">
          Where the map on the front page is centred (decimal degrees), and how close it looks (1 the world,
          19 a street).{" "}
          <a
            className="text-heritage-700 underline underline-offset-4"
            href={mapLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            See the saved position on OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
        <div className="mt-2 grid gap-x-4 sm:grid-cols-3">
          <TextField label="Latitude" field={map.latitude} type="text" inputMode="decimal" />
          <TextField label="Longitude" field={map.longitude} type="text" inputMode="decimal" />
          <TextField label="Zoom" field={map.zoom} type="text" inputMode="numeric" />
        </div>
      </fieldset>

      <fieldset id="hours" className={sectionClass}>
        <legend className={legendClass}>Trading hours</legend>
        <p className="mt-1 text-sm text-slate-700">Leave both times empty on a day the building is closed.</p>
        <div className="mt-3 space-y-2">
          {fields.hours.getFieldList().map((day, index) => (
            <HoursRow key={day.key} day={weekDays[index] ?? ""} field={day} />
          ))}
        </div>
      </fieldset>

      <EditableList
        id="contacts"
        legend="Contacts"
        hint="Each group shows in the footer and on the contact pages, with what is set of its e-mail and phone."
        noun="contact"
        form={form}
        list={fields.contacts}
        max={buildingLimits.contacts}
        rows={fields.contacts.getFieldList().map((contact) => {
          const row = contact.getFieldset();
          return {
            key: contact.key,
            inputs: (
              <>
                <TextField label="Label" field={row.group} type="text" />
                <TextField label="E-mail (optional)" field={row.email} type="email" />
                <TextField label="Phone (optional)" field={row.phone} type="tel" />
              </>
            ),
          };
        })}
      />

      <fieldset id="enquiries" className={sectionClass}>
        <legend className={legendClass}>Enquiries</legend>
        <TextField label="Send leasing enquiries to" field={fields.enquiryTo} type="email" />
        {recipient.override && (
          <p className="rounded-md border border-sandstone-500 bg-sandstone-100 px-3 py-2 text-sm">
            ENQUIRY_TO is set on the server: enquiries go to <strong>{recipient.address}</strong>, whatever is
            saved here.
          </p>
        )}
      </fieldset>

      <fieldset id="social" className={sectionClass}>
        <legend className={legendClass}>Social link</legend>
        <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
          <TextField label="Link text" field={social.label} type="text" />
          <TextField label="Address (https:// or a page of this site)" field={social.href} type="text" />
        </div>
      </fieldset>

      <EditableList
        id="profiles"
        legend="Profiles in the footer"
        hint="The footer links to these pages; a sample person's page is marked as a sample."
        noun="profile"
        form={form}
        list={fields.profiles}
        max={buildingLimits.profiles}
        rows={fields.profiles.getFieldList().map((profile) => {
          const row = profile.getFieldset();
          return {
            key: profile.key,
            inputs: (
              <>
                <TextField label="Name" field={row.name} type="text" />
                <TextField label="Role" field={row.role} type="text" />
                <TextField label="Page" field={row.href} type="text" />
              </>
            ),
          };
        })}
      />

      <FormAlert id={form.errorId} errors={form.errors} />
      <button
        type="submit"
        className="rounded-md bg-heritage-700 px-6 py-2.5 font-semibold text-white hover:bg-heritage-900"
      >
        Save the building's details
      </button>
    </Form>
  );
}

type FormControls = ReturnType<typeof useForm<BuildingDetails>>[0];

/** A list the owner adds to, removes from and reorders: each row's inputs, then its buttons. */
function EditableList({
  id,
  legend,
  hint,
  noun,
  form,
  list,
  max,
  rows,
}: {
  id: string;
  legend: string;
  hint: string;
  noun: string;
  form: FormControls;
  list: { name: string; errorId: string; errors?: string[] };
  max: number;
  rows: { key: string | undefined; inputs: React.ReactNode }[];
}) {
  return (
    <fieldset id={id} className={sectionClass}>
      <legend className={legendClass}>{legend}</legend>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
      <ol className="mt-3 space-y-4">
        {rows.map((row, index) => (
          <li key={row.key} className="rounded-lg border border-sandstone-300 p-3">
            <fieldset className="min-w-0">
              <legend className="font-semibold">
                {noun[0]?.toUpperCase()}
                {noun.slice(1)} {index + 1}
              </legend>
              <div className="grid gap-x-4 sm:grid-cols-3">{row.inputs}</div>
              <RowButtons
                form={form}
                name={list.name}
                index={index}
                count={rows.length}
                what={`${noun} ${index + 1}`}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        {...form.insert.getButtonProps({ name: list.name })}
        disabled={rows.length >= max}
        className={`mt-3 ${smallButton}`}
      >
        Add a {noun}
      </button>
      <p id={list.errorId} className="mt-1 min-h-5 text-sm text-brick">
        {list.errors?.[0]}
      </p>
    </fieldset>
  );
}

function HoursRow({ day, field }: { day: string; field: FieldMetadata<BuildingDetails["hours"][number]> }) {
  const times = field.getFieldset();
  return (
    <fieldset className="grid min-w-0 grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)] items-start gap-x-3 sm:grid-cols-[8rem_12rem_12rem]">
      <legend className="sr-only">{day}</legend>
      <span aria-hidden="true" className="pt-8 font-medium">
        {day}
      </span>
      <TextField label="Opens" field={times.opens} type="time" />
      <TextField label="Closes" field={times.closes} type="time" />
    </fieldset>
  );
}

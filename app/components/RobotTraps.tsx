import { href } from "react-router";
import { honeypotField } from "~/site/enquiry-schema.ts";

/**
 * What tells a person from a robot on the shared pages' forms (/contact, /subscribe): a field
 * only robots fill, hidden from people and screen readers, and an invisible image whose
 * request sets the start stamp (a form sent sooner than 3 s after it is refused).
 */
export function RobotTraps({ id }: { id: string }) {
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <img
        src={href("/contact/started")}
        alt=""
        width={1}
        height={1}
        className="absolute h-px w-px opacity-0"
      />
    </>
  );
}

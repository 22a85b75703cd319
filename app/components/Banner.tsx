import { illustrationImage } from "~/uploads/responsive-image.ts";
import { Picture } from "./Picture.tsx";

export function Banner() {
  return (
    <div className="border-b border-sandstone-300 bg-sandstone-100">
      <Picture
        image={illustrationImage("banner")}
        alt="Illustration of a row of Victorian terraces with iron-lace balconies on Moncur Street"
        sizes="100vw"
        priority
        className="block h-28 w-full object-cover sm:h-40 lg:h-52"
      />
    </div>
  );
}

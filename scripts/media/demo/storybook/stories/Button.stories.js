// Button stories: @testplane/storybook makes an Autoscreenshot test of each.
export default { title: "Shop/Button" };

export const Primary = () => '<button class="button">Add to cart</button>';
export const Disabled = () => '<button class="button" disabled>Add to cart</button>';

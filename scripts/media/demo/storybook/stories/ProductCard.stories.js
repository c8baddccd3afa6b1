// Product card stories: @testplane/storybook makes an Autoscreenshot test of each.
export default { title: "Shop/Product card" };

const card = ({ name, text, price, oldPrice, inStock = true }) => `
<article class="card">
  <h2>${name}</h2><p>${text}</p>
  <p class="price">${price}${oldPrice ? `<span class="old-price">${oldPrice}</span>` : ""}</p>
  <p class="stock">${inStock ? "In stock" : "Out of stock"}</p>
  <button class="button" ${inStock ? "" : "disabled"}>Add to cart</button>
</article>`;

export const Default = () => card({ name: "Electric kettle", text: "1.7 l, steel, auto off.", price: "€39.90" });
export const Discounted = () =>
  card({ name: "Toaster", text: "Two slots, six browning levels.", price: "€24.00", oldPrice: "€29.00" });
export const OutOfStock = () =>
  card({ name: "Coffee grinder", text: "Conical burrs, 18 settings.", price: "€59.00", inStock: false });

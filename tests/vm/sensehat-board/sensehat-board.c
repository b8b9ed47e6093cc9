// SPDX-License-Identifier: GPL-2.0
/*
 * sensehat-board: the queens VM test's stand-in for the device tree that puts
 * a Sense HAT on a Raspberry Pi's I2C bus. Debian's amd64 kernel has no device
 * tree support, so nothing here may match by compatible string.
 *
 * Bound by hand to i2c-stub's 0x46:
 *
 *   echo sensehat-board 0x46 > /sys/bus/i2c/devices/i2c-N/new_device
 *
 * it does what simple-mfd-i2c and the overlay do on a Pi: a register map over
 * I2C (8-bit registers and values, uncached, so every read reaches the chip),
 * the GPIO line named GPIO23 as the joystick's interrupt (rising edge, as the
 * HAT's firmware raises it when a key changes), and the "sensehat-joystick"
 * platform device as its child with that interrupt. Mainline's joystick driver
 * then binds to the child by name and reads 0xF2 through the parent's regmap.
 * Deleting the device (delete_device) removes the child, frees the line and
 * the regmap, in that order (devm releases in reverse).
 */
#include <linux/gpio/consumer.h>
#include <linux/gpio/machine.h>
#include <linux/i2c.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/regmap.h>
#include <linux/slab.h>
#include <linux/version.h>

/* The Pi's name for the line the HAT's interrupt is wired to. */
#define SENSEHAT_LINE "GPIO23"

static const struct regmap_config sensehat_board_regmap = {
	.reg_bits = 8,
	.val_bits = 8,
	.max_register = 0xff,
	.cache_type = REGCACHE_NONE,
};

static void sensehat_board_unregister(void *joystick)
{
	platform_device_unregister(joystick);
}

/*
 * The line named GPIO23, through a lookup table for this device alone: a key
 * with chip_hwnum U16_MAX is looked up by line name (gpiolib, since 5.8).
 */
static struct gpio_desc *sensehat_board_line(struct device *dev)
{
	struct gpiod_lookup_table *lookup;
	struct gpio_desc *line;

	lookup = kzalloc(struct_size(lookup, table, 2), GFP_KERNEL);
	if (!lookup)
		return ERR_PTR(-ENOMEM);
	lookup->dev_id = dev_name(dev);
	lookup->table[0] = GPIO_LOOKUP(SENSEHAT_LINE, U16_MAX, "interrupt", GPIO_ACTIVE_HIGH);
	gpiod_add_lookup_table(lookup);
	line = devm_gpiod_get(dev, "interrupt", GPIOD_IN);
	gpiod_remove_lookup_table(lookup);
	kfree(lookup);
	return line;
}

static int sensehat_board_probe(struct i2c_client *client)
{
	struct device *dev = &client->dev;
	struct platform_device *joystick;
	struct resource irq_resource;
	struct gpio_desc *line;
	struct regmap *regmap;
	int irq;

	regmap = devm_regmap_init_i2c(client, &sensehat_board_regmap);
	if (IS_ERR(regmap))
		return dev_err_probe(dev, PTR_ERR(regmap), "cannot make the register map\n");

	line = sensehat_board_line(dev);
	if (IS_ERR(line))
		return dev_err_probe(dev, PTR_ERR(line), "no GPIO line named " SENSEHAT_LINE "\n");
	gpiod_set_consumer_name(line, "sensehat-board");
	irq = gpiod_to_irq(line);
	if (irq < 0)
		return dev_err_probe(dev, irq, SENSEHAT_LINE " gives no interrupt\n");

	/* platform_get_irq() sets the trigger from these bits: rising edge. */
	irq_resource = (struct resource)DEFINE_RES_IRQ_NAMED(irq, "keys");
	irq_resource.flags |= IORESOURCE_IRQ_HIGHEDGE;
	joystick = platform_device_register_resndata(dev, "sensehat-joystick", PLATFORM_DEVID_NONE,
						     &irq_resource, 1, NULL, 0);
	if (IS_ERR(joystick))
		return dev_err_probe(dev, PTR_ERR(joystick), "cannot add the joystick\n");
	return devm_add_action_or_reset(dev, sensehat_board_unregister, joystick);
}

static const struct i2c_device_id sensehat_board_ids[] = {
	{ "sensehat-board", 0 },
	{}
};
MODULE_DEVICE_TABLE(i2c, sensehat_board_ids);

static struct i2c_driver sensehat_board_driver = {
	.driver = {
		.name = "sensehat-board",
	},
	/*
	 * The probe without an id argument: .probe_new up to 6.2 (Debian 12's 6.1); 6.3 gave
	 * .probe that form and 6.6 removed .probe_new (Debian 13's 6.12).
	 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	.probe = sensehat_board_probe,
#else
	.probe_new = sensehat_board_probe,
#endif
	.id_table = sensehat_board_ids,
};
module_i2c_driver(sensehat_board_driver);

MODULE_DESCRIPTION("Sense HAT board setup for the queens VM test (no device tree)");
MODULE_LICENSE("GPL");
